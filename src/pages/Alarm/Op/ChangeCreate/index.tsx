/**
 * 发起变更 (`?id=` reopens a draft): title, reason and risk, and the items — picked points with the target
 * value beside the current one. Saved as a draft (stays here) or submitted for approval (→ 变更管理). The
 * shared checks run before sending; a refused save keeps everything typed and shows the server's reason.
 */
import { PageContainer, ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { changeItemProblems, unchangedItemProblems } from '@common/mocValidation';
import type { ChangeRequestBody, ChangeRequestDetail } from '@contract/moc';
import type { RiskLevel } from '@contract/vocabulary';
import { MAX_TITLE_LENGTH } from '@contract/vocabulary';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Form, message, Result, Skeleton } from 'antd';
import type React from 'react';
import { useState } from 'react';
import LoadFailed from '@/components/LoadFailed';
import { ProblemsAlert, ReasonField, RiskLevelField, SaveButtons } from '@/components/moc/FormParts';
import { PriorityDictionary } from '@/components/moc/priorities';
import { CHANGE_CREATE_PAGE, CHANGE_PATH, changePage, fetchChange, saveChange } from '@/services/moc';
import { getQueryParam } from '@/utils/query';
import { failureMessage } from '@/utils/requestFailure';
import ItemsEditor, { type ItemRow, rowFromItem } from './components/ItemsEditor';

interface FormValues {
  title: string;
  reason: string;
  riskLevel: RiskLevel;
}

const back = () => history.push(CHANGE_PATH);

function ChangeForm({ draft }: { draft?: ChangeRequestDetail }) {
  const [form] = Form.useForm<FormValues>();
  const [rows, setRows] = useState<ItemRow[]>(() => draft?.items.map(rowFromItem) ?? []);
  const [id, setId] = useState(draft?.id);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState<'draft' | 'submit'>();

  const save = async (submit: boolean) => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const items = rows.map(({ pointId, field, after }) => ({ pointId, field, after }));
    const found = [
      ...changeItemProblems(items),
      ...unchangedItemProblems(
        rows.map(({ field, after, label, current }) => ({
          field,
          after,
          now: field in current ? { point: label, value: current[field] ?? null } : undefined,
        })),
      ),
    ];
    setProblems(found);
    if (found.length) return;
    const body: ChangeRequestBody = {
      ...values,
      // A draft drawn from a template evaluation stays one.
      businessType: draft?.businessType ?? 'alarmChange',
      templateId: draft?.templateId ?? null,
      equipmentId: draft?.equipmentId ?? null,
      items,
      submit,
    };
    setSaving(submit ? 'submit' : 'draft');
    try {
      const saved = await saveChange(body, id);
      if (submit) {
        message.success(`变更单 #${saved.id} 已提交审批`);
        history.push(changePage(saved.id));
        return;
      }
      message.success(`已保存草稿 #${saved.id}`);
      setId(saved.id);
      // Another save updates this draft, also after a reload.
      window.history.replaceState(null, '', `${CHANGE_CREATE_PAGE}?id=${saved.id}`);
    } catch (error) {
      setProblems([`保存失败：${failureMessage(error as Error)}`]);
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <ProCard>
      <ProForm<FormValues>
        form={form}
        layout="vertical"
        initialValues={
          draft ? { title: draft.title, reason: draft.reason, riskLevel: draft.riskLevel } : { riskLevel: 'low' }
        }
        submitter={false}
      >
        <ProForm.Group>
          <ProFormText
            name="title"
            label="变更标题"
            width="lg"
            rules={[
              { required: true, whitespace: true, message: '请输入变更标题' },
              { max: MAX_TITLE_LENGTH, message: `变更标题不能超过 ${MAX_TITLE_LENGTH} 个字符` },
            ]}
          />
          <RiskLevelField />
        </ProForm.Group>
        <ReasonField />
      </ProForm>
      <ProblemsAlert title="变更单未保存" problems={problems} />
      <PriorityDictionary path={CHANGE_PATH}>
        <ItemsEditor rows={rows} onChange={setRows} />
      </PriorityDictionary>
      <SaveButtons saving={saving} onSave={save} onBack={back} />
    </ProCard>
  );
}

export default function ChangeCreatePage() {
  // The page mounts afresh on every visit, so the address read once is enough.
  const [idParam] = useState(() => getQueryParam('id'));
  const id = idParam === null ? undefined : Number(idParam);
  const badId = id !== undefined && !(Number.isInteger(id) && id > 0);
  const { data, loading, error, refresh } = useRequest(() => fetchChange(id as number), {
    ready: id !== undefined && !badId,
  });
  const title = id === undefined ? '发起变更' : '编辑变更草稿';

  let body: React.ReactNode;
  if (badId) {
    body = <Result status="warning" title="变更单编号无效" extra={<Button onClick={back}>返回列表</Button>} />;
  } else if (error) {
    body = (
      <LoadFailed
        title="加载变更单失败"
        error={error}
        retry={refresh}
        extra={
          <Button key="back" onClick={back}>
            返回
          </Button>
        }
      />
    );
  } else if (id !== undefined && (loading || !data)) {
    body = <Skeleton active />;
  } else if (data && (data.status !== 'draft' || data.businessType === 'operatingCondition')) {
    body = (
      <Result
        status="info"
        title={data.status !== 'draft' ? '只有草稿可以修改' : '工况变更请在「新建工况」中修改'}
        extra={<Button onClick={() => history.push(changePage(data.id))}>查看变更单</Button>}
      />
    );
  } else {
    body = <ChangeForm draft={data} />;
  }
  return <PageContainer title={title}>{body}</PageContainer>;
}
