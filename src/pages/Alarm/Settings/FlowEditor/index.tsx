/**
 * 审核流程配置 (full screen, no layout; `?id=` edits a flow, none creates one): the flow's name, business
 * type and its ordered steps. Saving never changes which flow is active: 审批配置's 启用 does. The shared checks (at least one step, each with an approver) run
 * before sending; a refused save keeps the editor as it is and shows the server's reason. Saved → 审批配置. Without
 * the right its address asks for (config/routes.ts), the page is not drawn (src/components/PageRight).
 */
import { ProCard, ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { BUSINESS_TYPE_LABELS } from '@common/moc';
import { flowStepProblems } from '@common/mocValidation';
import type { ApprovalFlow, FlowBody, FlowOptions } from '@contract/moc';
import type { BusinessType } from '@contract/vocabulary';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Form, message, Result, Skeleton, Space } from 'antd';
import type React from 'react';
import { useState } from 'react';
import LoadFailed from '@/components/LoadFailed';
import { ProblemsAlert } from '@/components/moc/FormParts';
import { FLOW_PATH, fetchFlow, fetchFlowOptions, saveFlow } from '@/services/moc';
import { getQueryParam } from '@/utils/query';
import { failureMessage } from '@/utils/requestFailure';
import StepsEditor, { newStep, type StepDraft, stepFromFlow, stepInput } from './components/StepsEditor';

interface FormValues {
  name: string;
  businessType: BusinessType;
  description?: string;
}

const back = () => history.push(FLOW_PATH);

function FlowForm({ flow, options }: { flow?: ApprovalFlow; options: FlowOptions }) {
  const [form] = Form.useForm<FormValues>();
  const [steps, setSteps] = useState<StepDraft[]>(() => flow?.steps.map(stepFromFlow) ?? [newStep(1)]);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const inputs = steps.map(stepInput);
    const found = flowStepProblems(inputs);
    setProblems(found);
    if (found.length) return;
    const body: FlowBody = { ...values, description: values.description ?? '', steps: inputs, version: flow?.version };
    setSaving(true);
    try {
      await saveFlow(body, flow?.id);
      message.success(`已保存审批流程「${values.name}」`);
      back();
    } catch (error) {
      setProblems([`保存失败：${failureMessage(error as Error)}`]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <ProForm<FormValues>
        form={form}
        submitter={false}
        initialValues={
          flow
            ? { name: flow.name, businessType: flow.businessType, description: flow.description }
            : { businessType: 'alarmChange' }
        }
      >
        <ProForm.Group>
          <ProFormText
            name="name"
            label="流程名称"
            width="md"
            rules={[
              { required: true, whitespace: true, message: '请输入流程名称' },
              { max: 100, message: '流程名称不能超过 100 个字符' },
            ]}
          />
          <ProFormSelect
            name="businessType"
            label="业务类型"
            width="sm"
            allowClear={false}
            options={Object.entries(BUSINESS_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            rules={[{ required: true, message: '请选择业务类型' }]}
            disabled={flow?.active}
            extra={flow?.active ? '启用中的流程不能更改业务类型' : '保存后不会启用：在审批配置中点「启用」'}
          />
        </ProForm.Group>
        <ProFormTextArea name="description" label="说明" rules={[{ max: 500, message: '说明不能超过 500 个字符' }]} />
      </ProForm>
      <ProblemsAlert title="审批流程未保存" problems={problems} />
      <StepsEditor steps={steps} onChange={setSteps} options={options} />
      <Space style={{ marginTop: 24 }}>
        <Button onClick={back}>返回</Button>
        <Button type="primary" loading={saving} onClick={save}>
          保存
        </Button>
      </Space>
    </>
  );
}

async function loadEditor(id: number | undefined) {
  const [options, flow] = await Promise.all([fetchFlowOptions(), id === undefined ? undefined : fetchFlow(id)]);
  return { options, flow };
}

export default function FlowEditorPage() {
  // The page mounts afresh on every visit, so the address read once is enough.
  const [idParam] = useState(() => getQueryParam('id'));
  const id = idParam === null ? undefined : Number(idParam);
  const badId = id !== undefined && !(Number.isInteger(id) && id > 0);
  const { data, loading, error, refresh } = useRequest(() => loadEditor(id), { ready: !badId });

  let body: React.ReactNode;
  if (badId) body = <Result status="warning" title="流程编号无效" extra={<Button onClick={back}>返回</Button>} />;
  else if (error) {
    body = (
      <LoadFailed
        title="加载审批流程失败"
        error={error}
        retry={refresh}
        extra={
          <Button key="back" onClick={back}>
            返回
          </Button>
        }
      />
    );
  } else if (loading || !data) body = <Skeleton active />;
  else body = <FlowForm key={data.flow?.id ?? 'new'} {...data} />;

  return (
    // Without the layout, the page is its own main region, named after its route.
    <main aria-label="审核流程配置" style={{ minHeight: '100vh', padding: 24, background: '#f5f5f5' }}>
      <ProCard title={id === undefined ? '新建审批流程' : '审核流程配置'} headerBordered>
        {body}
      </ProCard>
    </main>
  );
}
