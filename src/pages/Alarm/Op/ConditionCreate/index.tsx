/**
 * 新建工况: a condition of a unit (name, description) with per-point overrides, proposed through a change
 * request (business type 工况变更). `?id=` proposes new settings of an existing condition, `?change=`
 * reopens a draft proposal, `?unitId=` preselects the unit. Saved as a draft or submitted; the result
 * links to the request. A refused save keeps everything typed and shows the server's reason. Once saved, the draft
 * is 变更管理's: saving it again edits that request, for whoever holds its 编辑 right.
 */
import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { CONDITION_NAME_SUGGESTIONS } from '@common/moc';
import { overrideProblems } from '@common/mocValidation';
import { permissionString } from '@common/routes';
import type { ChangeRequestDetail, ConditionOverride, ConditionUnit } from '@contract/moc';
import type { RiskLevel } from '@contract/vocabulary';
import { MAX_TITLE_LENGTH } from '@contract/vocabulary';
import { history, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Form, Result, Skeleton } from 'antd';
import type React from 'react';
import { useState } from 'react';
import LoadFailed from '@/components/LoadFailed';
import { ProblemsAlert, ReasonField, RiskLevelField, SaveButtons } from '@/components/moc/FormParts';
import { PriorityDictionary } from '@/components/moc/priorities';
import SuggestInput from '@/components/SuggestInput';
import {
  CHANGE_PATH,
  changePage,
  fetchChange,
  fetchCondition,
  fetchConditionUnits,
  proposeCondition,
  saveChange,
  WORKING_PATH,
} from '@/services/moc';
import { getQueryParam } from '@/utils/query';
import { failureMessage } from '@/utils/requestFailure';
import OverridesEditor, { type OverrideRow, overrideInput, rowFromOverride } from './components/OverridesEditor';

interface FormValues {
  unitId: number;
  name: string;
  description?: string;
  title?: string;
  reason: string;
  riskLevel: RiskLevel;
}

/** What the form starts from: nothing, an existing condition, or a draft proposal. */
interface Start {
  units: ConditionUnit[];
  values: Partial<FormValues>;
  overrides: ConditionOverride[];
  /** The existing condition the proposal changes. */
  conditionId?: number;
  /** The draft request being edited. */
  changeId?: number;
}

const back = () => history.push(WORKING_PATH);

const positiveId = (name: string): number | undefined | 'bad' => {
  const raw = getQueryParam(name);
  if (raw === null) return undefined;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 'bad';
};

async function loadStart(address: { id?: number; change?: number; unitId?: number }): Promise<Start> {
  const units = await fetchConditionUnits();
  if (address.change !== undefined) {
    const change = await fetchChange(address.change);
    if (change.status !== 'draft' || !change.condition) throw new Error('只有工况变更的草稿可以在这里修改');
    const { condition } = change;
    return {
      units,
      values: {
        unitId: condition.unitId,
        name: condition.name,
        description: condition.description,
        ...requestText(change),
      },
      overrides: condition.overrides,
      conditionId: condition.conditionId ?? undefined,
      changeId: change.id,
    };
  }
  if (address.id !== undefined) {
    const condition = await fetchCondition(address.id);
    return {
      units,
      values: { unitId: condition.unitId, name: condition.name, description: condition.description, riskLevel: 'low' },
      overrides: condition.overrides,
      conditionId: condition.id,
    };
  }
  return { units, values: { unitId: address.unitId, riskLevel: 'low' }, overrides: [] };
}

const requestText = (change: ChangeRequestDetail) => ({
  title: change.title,
  reason: change.reason,
  riskLevel: change.riskLevel,
});

function ConditionForm({ start }: { start: Start }) {
  const [form] = Form.useForm<FormValues>();
  const unitId = Form.useWatch('unitId', form) ?? start.values.unitId;
  const [rows, setRows] = useState<OverrideRow[]>(() => start.overrides.map(rowFromOverride));
  const [changeId, setChangeId] = useState(start.changeId);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState<'draft' | 'submit'>();
  const [saved, setSaved] = useState<ChangeRequestDetail>();
  const mayEditDraft = useAccess().can(permissionString(CHANGE_PATH, 'edit'));

  const save = async (submit: boolean) => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const overrides = rows.map(overrideInput);
    const found = overrideProblems(overrides);
    setProblems(found);
    if (found.length) return;
    const { title, reason, riskLevel, name, description = '' } = values;
    setSaving(submit ? 'submit' : 'draft');
    try {
      const result =
        changeId === undefined
          ? await proposeCondition(
              { title, reason, riskLevel, unitId: values.unitId, name, description, overrides, submit },
              start.conditionId,
            )
          : await saveChange(
              {
                title: title?.trim() || `工况「${name}」`,
                reason,
                riskLevel,
                businessType: 'operatingCondition',
                condition: {
                  unitId: values.unitId,
                  conditionId: start.conditionId ?? null,
                  name,
                  description,
                  overrides,
                },
                submit,
              },
              changeId,
            );
      // Saving again updates this draft rather than proposing a second time.
      if (!submit) setChangeId(result.id);
      setSaved(result);
    } catch (error) {
      setProblems([`保存失败：${failureMessage(error as Error)}`]);
    } finally {
      setSaving(undefined);
    }
  };

  if (saved) {
    const submitted = saved.status !== 'draft';
    return (
      <Result
        status="success"
        title={submitted ? `工况变更已提交审批（变更单 #${saved.id}）` : `已保存为草稿（变更单 #${saved.id}）`}
        subTitle="审批通过后，工况设置才会生效。"
        extra={[
          <Button key="open" type="primary" onClick={() => history.push(changePage(saved.id))}>
            查看变更单 #{saved.id}
          </Button>,
          !submitted && mayEditDraft && (
            <Button key="edit" onClick={() => setSaved(undefined)}>
              继续编辑
            </Button>
          ),
          <Button key="back" onClick={back}>
            返回多工况管理
          </Button>,
        ]}
      />
    );
  }

  return (
    <ProCard>
      <ProForm<FormValues> form={form} submitter={false} initialValues={start.values}>
        <ProForm.Group title="工况">
          <ProFormSelect
            name="unitId"
            label="装置"
            width="sm"
            disabled={start.conditionId !== undefined || rows.length > 0}
            tooltip={rows.length > 0 ? '已添加报警点时不能更换装置' : undefined}
            options={start.units.map((unit) => ({ value: unit.unitId, label: unit.unit }))}
            rules={[{ required: true, message: '请选择装置' }]}
          />
          <ProForm.Item
            name="name"
            label="工况名称"
            rules={[
              { required: true, whitespace: true, message: '请输入工况名称' },
              { max: 100, message: '工况名称不能超过 100 个字符' },
            ]}
          >
            <SuggestInput
              style={{ width: 216 }}
              placeholder="如 开车、停车"
              options={CONDITION_NAME_SUGGESTIONS.map((value) => ({ value }))}
            />
          </ProForm.Item>
        </ProForm.Group>
        <ProFormTextArea
          name="description"
          label="工况说明"
          fieldProps={{ rows: 2 }}
          rules={[{ max: 500, message: '工况说明不能超过 500 个字符' }]}
        />
        <ProForm.Group title="变更申请">
          <ProFormText
            name="title"
            label="变更标题"
            width="lg"
            placeholder="留空时使用「工况名称」"
            rules={[{ max: MAX_TITLE_LENGTH, message: `变更标题不能超过 ${MAX_TITLE_LENGTH} 个字符` }]}
          />
          <RiskLevelField />
        </ProForm.Group>
        <ReasonField />
      </ProForm>
      <ProblemsAlert title="工况未保存" problems={problems} />
      <PriorityDictionary path={WORKING_PATH}>
        <OverridesEditor unitId={unitId} rows={rows} onChange={setRows} />
      </PriorityDictionary>
      <SaveButtons saving={saving} onSave={save} onBack={back} />
    </ProCard>
  );
}

export default function ConditionCreatePage() {
  // The page mounts afresh on every visit, so the address read once is enough.
  const [address] = useState(() => ({
    id: positiveId('id'),
    change: positiveId('change'),
    unitId: positiveId('unitId'),
  }));
  const badId = Object.values(address).includes('bad');
  const { data, error, refresh } = useRequest(() => loadStart(address as Parameters<typeof loadStart>[0]), {
    ready: !badId,
  });
  const title = address.id === undefined && address.change === undefined ? '新建工况' : '修改工况';

  let body: React.ReactNode;
  if (badId) body = <Result status="warning" title="地址中的编号无效" extra={<Button onClick={back}>返回</Button>} />;
  else if (error) {
    body = (
      <LoadFailed
        title="加载工况失败"
        error={error}
        retry={refresh}
        extra={
          <Button key="back" onClick={back}>
            返回
          </Button>
        }
      />
    );
  } else if (!data) body = <Skeleton active />;
  else if (data.units.length === 0) {
    body = <Result status="info" title="还没有装置" subTitle="请先在报警库中导入报警点（装置随之建立）" />;
  } else body = <ConditionForm start={data} />;
  return <PageContainer title={title}>{body}</PageContainer>;
}
