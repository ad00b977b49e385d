/** The base dictionaries every plant starts with (issue: 基础配置). Added when missing, never overwritten. */
import type { Executor } from '../db';
import { alarmTypes, priorities, systemTypes } from '../db/schema';

export const seededAlarmTypes = [
  { code: 'PVHI', name: '高报', color: '#fa8c16' },
  { code: 'PVHH', name: '高高报', color: '#f5222d' },
  { code: 'PVLO', name: '低报', color: '#1677ff' },
  { code: 'PVLL', name: '低低报', color: '#2f54eb' },
  { code: 'DEV', name: '偏差', color: '#722ed1' },
  { code: 'ROC', name: '变化率', color: '#13c2c2' },
  { code: 'BAD', name: '坏值', color: '#8c8c8c' },
  { code: 'DISC', name: '状态不一致', color: '#eb2f96' },
].map((type, index) => ({ ...type, sortOrder: index + 1 }));

export const seededSystemTypes = [
  { code: 'DCS', name: '集散控制系统' },
  { code: 'SIS', name: '安全仪表系统' },
  { code: 'GDS', name: '气体检测系统' },
  { code: 'CCS', name: '压缩机控制系统' },
  { code: 'PLC', name: '可编程逻辑控制器' },
];

export const seededPriorities = [
  { code: 'urgent' as const, name: '紧急', color: '#cf1322', targetShare: 1, sortOrder: 1 },
  { code: 'high' as const, name: '高', color: '#fa541c', targetShare: 5, sortOrder: 2 },
  { code: 'medium' as const, name: '中', color: '#faad14', targetShare: 15, sortOrder: 3 },
  { code: 'low' as const, name: '低', color: '#1677ff', targetShare: 80, sortOrder: 4 },
];

export async function seedDictionaries(tx: Executor): Promise<void> {
  await tx.insert(alarmTypes).values(seededAlarmTypes).onConflictDoNothing({ target: alarmTypes.code });
  await tx.insert(systemTypes).values(seededSystemTypes).onConflictDoNothing({ target: systemTypes.code });
  await tx.insert(priorities).values(seededPriorities).onConflictDoNothing({ target: priorities.code });
}
