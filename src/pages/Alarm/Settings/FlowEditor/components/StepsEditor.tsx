/**
 * The ordered steps of an approval flow: each with a name, its approvers (users and roles) and its mode;
 * steps are added, removed and moved up or down. The steps live in the editor's state.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STEP_MODE_LABELS } from '@common/moc';
import type { Approver, FlowOptions, FlowStepInput } from '@contract/moc';
import { STEP_MODES, type StepMode } from '@contract/vocabulary';
import { Button, Card, Empty, Flex, Form, Input, Radio, Select, Space } from 'antd';

export interface StepDraft {
  key: string;
  name: string;
  mode: StepMode;
  userIds: number[];
  roleIds: number[];
}

let created = 0;
export const newStep = (position: number): StepDraft => ({
  key: `step-${++created}`,
  name: `第 ${position} 级审批`,
  mode: 'any',
  userIds: [],
  roleIds: [],
});

export function stepFromFlow(step: { name: string; mode: StepMode; approvers: Approver[] }): StepDraft {
  const ids = (kind: Approver['kind']) => step.approvers.filter((a) => a.kind === kind).map((a) => a.id);
  return { key: `step-${++created}`, name: step.name, mode: step.mode, userIds: ids('user'), roleIds: ids('role') };
}

export function stepInput(step: StepDraft): FlowStepInput {
  return {
    name: step.name,
    mode: step.mode,
    approvers: [
      ...step.userIds.map((id) => ({ kind: 'user' as const, id })),
      ...step.roleIds.map((id) => ({ kind: 'role' as const, id })),
    ],
  };
}

/** The list with the item at `from` moved to `to`. */
function moved<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export interface StepsEditorProps {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  options: FlowOptions;
}

export default function StepsEditor({ steps, onChange, options }: StepsEditorProps) {
  const update = (key: string, patch: Partial<StepDraft>) =>
    onChange(steps.map((step) => (step.key === key ? { ...step, ...patch } : step)));
  const userOptions = options.users.map((user) => ({ value: user.id, label: `${user.name}（${user.username}）` }));
  const roleOptions = options.roles.map((role) => ({ value: role.id, label: role.name }));

  return (
    <Flex vertical gap={12}>
      {steps.length === 0 && <Empty description="还没有审批步骤，请添加至少一个步骤" />}
      {steps.map((step, index) => {
        const label = `第 ${index + 1} 步`;
        return (
          <Card
            key={step.key}
            size="small"
            title={label}
            aria-label={label}
            role="group"
            extra={
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${label}上移`}
                  disabled={index === 0}
                  onClick={() => onChange(moved(steps, index, index - 1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${label}下移`}
                  disabled={index === steps.length - 1}
                  onClick={() => onChange(moved(steps, index, index + 1))}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${label}`}
                  onClick={() => onChange(steps.filter((other) => other.key !== step.key))}
                />
              </Space>
            }
          >
            <Form layout="vertical" component="div">
              <Flex gap={16} wrap>
                <Form.Item label="步骤名称" style={{ width: 220 }}>
                  <Input
                    aria-label={`${label}名称`}
                    value={step.name}
                    maxLength={100}
                    onChange={(event) => update(step.key, { name: event.target.value })}
                  />
                </Form.Item>
                <Form.Item label="审批方式">
                  <Radio.Group
                    aria-label={`${label}审批方式`}
                    value={step.mode}
                    onChange={(event) => update(step.key, { mode: event.target.value })}
                    options={STEP_MODES.map((mode) => ({ value: mode, label: STEP_MODE_LABELS[mode] }))}
                  />
                </Form.Item>
              </Flex>
              <Flex gap={16} wrap>
                <Form.Item label="审批用户" style={{ minWidth: 280, flex: 1 }}>
                  <Select<number[]>
                    mode="multiple"
                    aria-label={`${label}审批用户`}
                    placeholder="选择用户"
                    optionFilterProp="label"
                    value={step.userIds}
                    options={userOptions}
                    onChange={(userIds) => update(step.key, { userIds })}
                  />
                </Form.Item>
                <Form.Item label="审批角色" style={{ minWidth: 280, flex: 1 }}>
                  <Select<number[]>
                    mode="multiple"
                    aria-label={`${label}审批角色`}
                    placeholder="选择角色（角色中任一人可代表该角色审批）"
                    optionFilterProp="label"
                    value={step.roleIds}
                    options={roleOptions}
                    onChange={(roleIds) => update(step.key, { roleIds })}
                  />
                </Form.Item>
              </Flex>
            </Form>
          </Card>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...steps, newStep(steps.length + 1)])}>
        添加审批步骤
      </Button>
    </Flex>
  );
}
