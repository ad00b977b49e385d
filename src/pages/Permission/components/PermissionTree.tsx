/**
 * The role editor: groups → routes → actions as the server's permission tree gives them (derived from
 * the route table), one check box per action labelled with its permission string. Checking an action
 * also checks the route's `view`; unchecking `view` unchecks the route's other actions; each group has
 * "select all".
 */

import type { PermissionNode } from '@contract/permission';
import { Card, Checkbox, Flex, Typography } from 'antd';

export interface PermissionTreeProps {
  tree: PermissionNode[];
  value?: string[];
  onChange?: (permissions: string[]) => void;
  disabled?: boolean;
}

/** The routes of a top-level node: its children, or itself for a level-1 page. */
function routesOf(node: PermissionNode): PermissionNode[] {
  return node.children?.some((child) => child.action) ? [node] : (node.children ?? []);
}

const actionKeys = (route: PermissionNode) => (route.children ?? []).map((action) => action.key);

const viewOf = (route: PermissionNode) => route.children?.find((action) => action.action === 'view')?.key;

/** The permissions after checking or unchecking one action of a route, in tree order. */
export function toggleAction(
  tree: PermissionNode[],
  held: readonly string[],
  route: PermissionNode,
  key: string,
  checked: boolean,
): string[] {
  const next = new Set(held);
  const view = viewOf(route);
  if (checked) {
    next.add(key);
    if (view) next.add(view);
  } else if (key === view) {
    for (const action of actionKeys(route)) next.delete(action);
  } else {
    next.delete(key);
  }
  return inTreeOrder(tree, next);
}

function inTreeOrder(tree: PermissionNode[], held: Set<string>): string[] {
  return tree
    .flatMap(routesOf)
    .flatMap(actionKeys)
    .filter((key) => held.has(key));
}

export default function PermissionTree({ tree, value = [], onChange, disabled }: PermissionTreeProps) {
  const held = new Set(value);
  const setGroup = (group: PermissionNode, checked: boolean) => {
    const keys = routesOf(group).flatMap(actionKeys);
    const next = new Set(held);
    for (const key of keys) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    onChange?.(inTreeOrder(tree, next));
  };

  return (
    <Flex vertical gap={8}>
      {tree.map((group) => {
        const keys = routesOf(group).flatMap(actionKeys);
        const count = keys.filter((key) => held.has(key)).length;
        return (
          <Card
            key={group.key}
            size="small"
            role="group"
            aria-label={group.title}
            title={
              <Checkbox
                checked={count === keys.length}
                indeterminate={count > 0 && count < keys.length}
                disabled={disabled}
                onChange={(event) => setGroup(group, event.target.checked)}
              >
                {group.title}（全选）
              </Checkbox>
            }
          >
            {routesOf(group).map((route) => (
              <Flex key={route.key} wrap gap={4} align="center" style={{ marginBottom: 4 }}>
                <Typography.Text strong style={{ minWidth: 112 }}>
                  {route.title}
                </Typography.Text>
                {(route.children ?? []).map((action) => (
                  <Checkbox
                    key={action.key}
                    checked={held.has(action.key)}
                    disabled={disabled}
                    onChange={(event) => onChange?.(toggleAction(tree, value, route, action.key, event.target.checked))}
                  >
                    {action.title}{' '}
                    <Typography.Text type="secondary" code>
                      {action.key}
                    </Typography.Text>
                  </Checkbox>
                ))}
              </Flex>
            ))}
          </Card>
        );
      })}
    </Flex>
  );
}
