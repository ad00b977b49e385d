/**
 * 报警响应手册 (a hidden page of 报警列表, its view right): every enabled alarm point of one console or one unit,
 * one block per alarm, a section per equipment, as the operator keeps it at the console. On screen it has a
 * toolbar (scope, 打印, 导出 xlsx) and the layout's watermark; printed (`@media print`) it is A4 pages, each
 * equipment starting a page under a header naming the units, consoles and date, without toolbar, menu or watermark.
 */
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { POINT_FIELD_LABELS as LABELS, LIBRARY_ROUTE } from '@common/alarmLibrary';
import type { Manual, ManualEntry, ManualQuery } from '@contract/manual';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Empty, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import type React from 'react';
import { useMemo } from 'react';
import ExportButton from '@/components/ExportButton';
import LoadFailed from '@/components/LoadFailed';
import { fetchManual, useLibraryOptions } from '@/services/library';
import { formatPlantTime } from '@/utils/datetime';
import { manualSections } from './sections';

type ScopeKind = 'console' | 'unit';

const KIND_LABEL: Record<ScopeKind, string> = { console: '操作台', unit: '装置' };

/**
 * What printing changes: A4 pages; the layout's menu, header and watermark, and the page's toolbar, left out;
 * a page break before each equipment after the first; no alarm block cut across two pages.
 */
const PRINT_STYLE = `
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  .ant-pro-layout .ant-pro-sider, .ant-pro-layout .ant-layout-sider, .ant-pro-layout .ant-layout-header,
  .ant-pro-layout .ant-pro-layout-header, .ant-pro-layout .ant-pro-global-footer, .ant-console-watermark,
  .manual-toolbar, .manual-page > .ant-page-header, .manual-page .ant-pro-page-container-warp-page-header {
    display: none !important;
  }
  .ant-pro-layout .ant-pro-layout-content { margin: 0 !important; padding: 0 !important; }
  body, .ant-layout, .ant-pro-layout .ant-pro-layout-bg-list { background: #fff !important; }
  .manual-section ~ .manual-section { break-before: page; }
  .manual-entry { break-inside: avoid; }
}
`;

const dash = (text: string) => text || '—';

function limitText(entry: ManualEntry): string {
  if (entry.limitValue === null) return '—';
  return entry.engineeringUnit ? `${entry.limitValue} ${entry.engineeringUnit}` : String(entry.limitValue);
}

/** One alarm: what the operator reads when it sounds. */
function EntryBlock({ entry }: { entry: ManualEntry }) {
  const rows: [string, React.ReactNode][] = [
    [LABELS.description, dash(entry.description)],
    [LABELS.limitValue, limitText(entry)],
    [LABELS.cause, dash(entry.cause)],
    [LABELS.consequence, dash(entry.consequence)],
    [
      LABELS.operatorResponse,
      entry.operatorResponse || <Typography.Text type="warning">未填写处置措施</Typography.Text>,
    ],
    [LABELS.maxResponseMinutes, entry.maxResponseMinutes === null ? '—' : `${entry.maxResponseMinutes} 分钟`],
  ];
  const title = `${entry.tag} ${entry.condition}`;
  return (
    <article
      className="manual-entry"
      aria-label={title}
      style={{ border: '1px solid #d9d9d9', borderRadius: 4, padding: '8px 12px', marginBottom: 12 }}
    >
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {title} {entry.conditionName}　优先级：{entry.priorityName}
      </Typography.Title>
      <dl style={{ display: 'grid', gridTemplateColumns: '10em 1fr', gap: '4px 12px', margin: 0 }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ color: '#595959' }}>{label}</dt>
            <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The printed manual: a section per equipment, each under the manual's header. */
function ManualPages({ manual }: { manual: Manual }) {
  const sections = useMemo(() => manualSections(manual.entries), [manual.entries]);
  if (!sections.length) {
    return <Empty description={`${KIND_LABEL[manual.scope.kind]}「${manual.scope.name}」没有启用的报警点`} />;
  }
  const header = `装置：${manual.units.join('、') || '—'}　操作台：${manual.consoles.join('、') || '—'}　日期：${formatPlantTime(manual.generatedAt, 'YYYY-MM-DD')}`;
  return (
    <>
      {sections.map((section) => {
        const name = `${section.unit ?? '未指定装置'} · ${section.equipment ?? '未指定设备'}`;
        return (
          <section key={section.key} className="manual-section" aria-label={name}>
            <header style={{ borderBottom: '2px solid #262626', marginBottom: 12, paddingBottom: 4 }}>
              <Typography.Text strong>报警响应手册</Typography.Text>
              <div>{header}</div>
              <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
                {name}
              </Typography.Title>
            </header>
            {section.entries.map((entry) => (
              <EntryBlock key={entry.id} entry={entry} />
            ))}
          </section>
        );
      })}
    </>
  );
}

/** The scope the address names (`?console=` or `?unit=`), if any. */
function scopeOf(params: URLSearchParams): { kind: ScopeKind; name?: string } {
  const consoleName = params.get('console');
  if (consoleName) return { kind: 'console', name: consoleName };
  const unit = params.get('unit');
  if (unit) return { kind: 'unit', name: unit };
  return { kind: params.get('kind') === 'unit' ? 'unit' : 'console' };
}

export default function ResponseManualPage() {
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params);
  const query: ManualQuery | undefined = scope.name ? { [scope.kind]: scope.name } : undefined;
  const options = useLibraryOptions();
  const { data, error, loading, refresh } = useRequest(() => fetchManual(query as ManualQuery), {
    ready: Boolean(query),
    refreshDeps: [scope.kind, scope.name],
  });
  const names = (scope.kind === 'console' ? options.data?.consoles : options.data?.units) ?? [];

  let body: React.ReactNode;
  if (!query) body = <Empty description="请选择操作台或装置" />;
  else if (error) body = <LoadFailed title="报警响应手册加载失败" error={error} retry={refresh} />;
  else if (loading || !data) body = <Skeleton active />;
  else body = <ManualPages manual={data} />;

  return (
    <PageContainer className="manual-page" title="报警响应手册">
      <style data-print="报警响应手册">{PRINT_STYLE}</style>
      <Card className="manual-toolbar" size="small" style={{ marginBottom: 16 }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => history.push(LIBRARY_ROUTE)}>
            返回报警列表
          </Button>
          <Segmented<ScopeKind>
            aria-label="手册范围"
            value={scope.kind}
            options={[
              { value: 'console', label: '按操作台' },
              { value: 'unit', label: '按装置' },
            ]}
            onChange={(kind) => setParams(new URLSearchParams([['kind', kind]]))}
          />
          <Select
            aria-label={KIND_LABEL[scope.kind]}
            placeholder={`选择${KIND_LABEL[scope.kind]}`}
            style={{ width: 200 }}
            showSearch
            loading={options.isLoading}
            value={scope.name}
            options={names.map((row) => ({ value: row.name, label: row.name }))}
            onChange={(name: string) => setParams(new URLSearchParams([[scope.kind, name]]))}
          />
          <Button icon={<PrinterOutlined />} disabled={!data?.entries.length} onClick={() => window.print()}>
            打印
          </Button>
          {query && <ExportButton route="GET /alarm/bases/list/manual" query={query} label="导出 xlsx" />}
        </Space>
      </Card>
      {body}
    </PageContainer>
  );
}
