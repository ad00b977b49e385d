/**
 * 审批配置's business types: the flow each one's submissions use (none: they are refused), its pending
 * requests, and the separation-of-duties setting "同一人只能审批同一申请的一个步骤", which an editor may relax
 * for a small site (docs/domain.md, "Separation-of-duties rules"); who changed it last and when.
 */
import { ProCard } from '@ant-design/pro-components';
import { BUSINESS_TYPE_LABELS } from '@common/moc';
import type { BusinessTypeSetting } from '@contract/moc';
import { Descriptions, Popconfirm, Switch, Tag, Typography } from 'antd';
import { act } from '@/components/moc/act';
import { saveBusinessTypeSetting } from '@/services/moc';
import { formatDateTime } from '@/utils/datetime';

interface Props {
  settings: BusinessTypeSetting[];
  editable: boolean;
  onChanged: () => void;
}

function OneStepSwitch({ setting, editable, onChanged }: { setting: BusinessTypeSetting } & Omit<Props, 'settings'>) {
  const label = BUSINESS_TYPE_LABELS[setting.businessType];
  const next = !setting.oneStepPerPerson;
  const control = (
    <Switch
      checked={setting.oneStepPerPerson}
      disabled={!editable}
      checkedChildren="是"
      unCheckedChildren="否"
      aria-label={`「${label}」同一人只能审批一个步骤`}
    />
  );
  if (!editable) return control;
  return (
    <Popconfirm
      title={
        next
          ? `恢复「${label}」的规则：同一人只能审批同一申请的一个步骤？`
          : `放宽「${label}」的规则，允许同一人审批同一申请的多个步骤？发起人仍不能审批自己的变更。`
      }
      onConfirm={() =>
        act(
          () => saveBusinessTypeSetting(setting.businessType, { oneStepPerPerson: next }),
          next ? `已恢复「${label}」的一人一步规则` : `已放宽「${label}」的一人一步规则`,
          onChanged,
        )
      }
    >
      {control}
    </Popconfirm>
  );
}

export default function BusinessTypes({ settings, editable, onChanged }: Props) {
  return (
    <ProCard title="各业务类型" split="vertical" bordered style={{ marginBottom: 16 }}>
      {settings.map((setting) => (
        <ProCard key={setting.businessType} title={BUSINESS_TYPE_LABELS[setting.businessType]}>
          <Descriptions column={1} size="small" aria-label={`业务类型 ${BUSINESS_TYPE_LABELS[setting.businessType]}`}>
            <Descriptions.Item label="启用的流程">
              {setting.activeFlow ? (
                <Tag color="success">「{setting.activeFlow.name}」</Tag>
              ) : (
                <Typography.Text type="danger">无：新的提交将被拒绝</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="审批中">{setting.pendingCount}</Descriptions.Item>
            <Descriptions.Item label="同一人只能审批一个步骤">
              <OneStepSwitch setting={setting} editable={editable} onChanged={onChanged} />
            </Descriptions.Item>
            {setting.updatedBy && (
              <Descriptions.Item label="设置修改">
                {setting.updatedBy} {formatDateTime(setting.updatedAt ?? '')}
              </Descriptions.Item>
            )}
          </Descriptions>
        </ProCard>
      ))}
    </ProCard>
  );
}
