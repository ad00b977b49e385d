/**
 * 新建模板 / 编辑模板 (`?id=`): the template's fields and its items in an editable table. The rules the server
 * applies (one item per condition, HH > H > L > LL) are checked before sending; a refused save keeps the
 * input. Saved → back to the list.
 */
import { PageContainer, ProCard, ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { templateItemProblems } from '@common/templateValidation';
import type { Template, TemplateBody, TemplateItemRule, TemplateOptions } from '@contract/templates';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, message, Result, Skeleton } from 'antd';
import { useState } from 'react';
import LoadFailed from '@/components/LoadFailed';
import SuggestInput from '@/components/SuggestInput';
import {
  createTemplate,
  fetchTemplate,
  fetchTemplateOptions,
  TEMPLATE_LIST_PATH,
  updateTemplate,
} from '@/services/templates';
import { getQueryParam } from '@/utils/query';
import ItemsTable, { type ItemRow, newItemKey } from './components/ItemsTable';

interface FormValues {
  name: string;
  equipmentType: string;
  description?: string;
  items?: ItemRow[];
}

async function loadPage(id: number | undefined): Promise<{ options: TemplateOptions; template?: Template }> {
  const [options, template] = await Promise.all([
    fetchTemplateOptions(),
    id === undefined ? undefined : fetchTemplate(id),
  ]);
  return { options, template };
}

function initialValues(template: Template | undefined): { values: Partial<FormValues>; keys: string[] } {
  if (!template) return { values: { items: [] }, keys: [] };
  const items = template.items.map(({ id: _id, sortOrder: _order, ...item }) => ({ ...item, key: newItemKey() }));
  const { name, equipmentType, description } = template;
  return { values: { name, equipmentType, description, items }, keys: items.map((item) => item.key) };
}

/**
 * The item cells' own errors as lines for the summary above the table: the editable table shows a cell's
 * error only in a popover while the cell has focus, so an unfocused row would otherwise fail silently.
 */
function itemFieldErrors(errorFields: { name: (string | number)[]; errors: string[] }[]): string[] {
  return errorFields
    .filter(({ name }) => name[0] === 'items')
    .flatMap(({ name, errors }) => errors.map((error) => `第 ${Number(name[1]) + 1} 行：${error}`));
}

function TemplateForm({ options, template }: { options: TemplateOptions; template?: Template }) {
  const [{ values, keys }] = useState(() => initialValues(template));
  const [problems, setProblems] = useState<string[]>([]);

  const save = async ({ items = [], ...fields }: FormValues) => {
    const rules: TemplateItemRule[] = items.map(({ key: _key, ...item }) => ({
      ...item,
      // A cleared number comes back undefined: the API wants null for "not prescribed".
      limitValue: item.limitValue ?? null,
      deadband: item.deadband ?? null,
      onDelaySeconds: item.onDelaySeconds ?? null,
      offDelaySeconds: item.offDelaySeconds ?? null,
      maxResponseMinutes: item.maxResponseMinutes ?? null,
    }));
    const body: TemplateBody = { ...fields, items: rules, updatedAt: template?.updatedAt };
    const found = templateItemProblems(rules);
    setProblems(found);
    if (found.length) return false;
    try {
      if (template) await updateTemplate(template.id, body);
      else await createTemplate(body);
      message.success('已保存');
      history.push(TEMPLATE_LIST_PATH);
      return true;
    } catch {
      // The request client has shown the refusal; the input stays for another try.
      return false;
    }
  };

  return (
    <ProCard>
      <ProForm<FormValues>
        initialValues={values}
        onFinish={save}
        onFinishFailed={({ errorFields }) => setProblems(itemFieldErrors(errorFields))}
        submitter={{
          searchConfig: { submitText: '保存' },
          render: (_, dom) => [
            <Button key="back" onClick={() => history.push(TEMPLATE_LIST_PATH)}>
              返回列表
            </Button>,
            dom[1],
          ],
        }}
      >
        <ProForm.Group>
          <ProFormText
            name="name"
            label="模板名称"
            width="md"
            rules={[
              { required: true, whitespace: true, message: '请输入模板名称' },
              { max: 100, message: '模板名称不能超过 100 个字符' },
            ]}
          />
          <ProForm.Item
            name="equipmentType"
            label="设备类型"
            rules={[
              { required: true, whitespace: true, message: '请选择或输入设备类型' },
              { max: 50, message: '设备类型不能超过 50 个字符' },
            ]}
          >
            <SuggestInput
              style={{ width: 328 }}
              placeholder="如 离心泵"
              options={options.equipmentTypes.map((type) => ({ value: type }))}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            />
          </ProForm.Item>
        </ProForm.Group>
        <ProFormTextArea name="description" label="描述" rules={[{ max: 500, message: '描述不能超过 500 个字符' }]} />
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message="报警项不符合模板规则"
            description={problems.map((problem) => <div key={problem}>{problem}</div>)}
          />
        )}
        <ItemsTable
          name="items"
          initialKeys={keys}
          conditions={options.conditions}
          priorities={options.priorities}
          categories={options.categories}
        />
      </ProForm>
    </ProCard>
  );
}

export default function TemplateEditPage() {
  // The page mounts afresh on every visit (from the list), so the address read once is enough.
  const [idParam] = useState(() => getQueryParam('id'));
  const [editing] = useState(() => window.location.pathname.endsWith('/edit'));
  const id = idParam === null ? undefined : Number(idParam);
  // 编辑模板 needs `?id=`; only 新建模板 starts empty.
  const badId = id === undefined ? editing : !(Number.isInteger(id) && id > 0);
  const { data, loading, error, refresh } = useRequest(() => loadPage(id), { ready: !badId });

  if (badId) {
    return (
      <PageContainer>
        <Result
          status="warning"
          title="模板编号无效"
          extra={<Button onClick={() => history.push(TEMPLATE_LIST_PATH)}>返回列表</Button>}
        />
      </PageContainer>
    );
  }
  if (error) {
    return (
      <PageContainer>
        <LoadFailed
          title="加载模板失败"
          error={error}
          retry={refresh}
          extra={
            <Button key="back" onClick={() => history.push(TEMPLATE_LIST_PATH)}>
              返回列表
            </Button>
          }
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer title={id === undefined ? '新建模板' : '编辑模板'}>
      {loading || !data ? <Skeleton active /> : <TemplateForm key={data.template?.id ?? 'new'} {...data} />}
    </PageContainer>
  );
}
