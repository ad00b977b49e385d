/**
 * Demo templates for three equipment types of the demo plant (SEED_DEMO), written so that the evaluation
 * finds every kind of deviation there: pumps lack the required PVLL, heat exchangers have shorter delays
 * than their template asks, compressors carry a PVLO the template does not list and a percent-of-range
 * PVHH their points (which have no instrument range) cannot be compared on.
 */
import type { Executor } from '../db';
import { alarmTemplateItems, alarmTemplates } from '../db/schema';
import type { TemplateItemFields } from '../repositories/templates';

type DemoItem = Pick<TemplateItemFields, 'condition' | 'priority'> & Partial<TemplateItemFields>;

const DEMO_TEMPLATES: { name: string; equipmentType: string; description: string; items: DemoItem[] }[] = [
  {
    name: '离心泵标准报警模板',
    equipmentType: '离心泵',
    description: '出口压力、流量与轴承温度的高、高高、低、低低报警',
    items: [
      {
        condition: 'PVHH',
        priority: 'high',
        onDelaySeconds: 3,
        offDelaySeconds: 3,
        // Rationalized once for every pump (批量合理化).
        cause: '出口阀误关或出口管线堵塞',
        consequence: '泵憋压，机械密封泄漏，介质外漏',
        operatorResponse: '确认出口阀开度，必要时切换备用泵并通知维修',
        maxResponseMinutes: 10,
        severities: { people: 'minor', environment: 'minor', asset: 'major' },
        alarmClass: '设备保护',
      },
      { condition: 'PVHI', priority: 'low', onDelaySeconds: 3, offDelaySeconds: 3 },
      { condition: 'PVLO', priority: 'medium', onDelaySeconds: 3, offDelaySeconds: 3 },
      { condition: 'PVLL', priority: 'high', onDelaySeconds: 3, offDelaySeconds: 3 },
    ],
  },
  {
    name: '换热器标准报警模板',
    equipmentType: '换热器',
    description: '换热器出口温度与压力报警，低报为可选',
    items: [
      { condition: 'PVHH', priority: 'high', onDelaySeconds: 5, offDelaySeconds: 5 },
      { condition: 'PVHI', priority: 'low', onDelaySeconds: 5, offDelaySeconds: 5 },
      { condition: 'PVLO', priority: 'medium', required: false },
    ],
  },
  {
    name: '压缩机标准报警模板',
    equipmentType: '压缩机',
    description: '高高报限值取量程的 95%',
    items: [
      { condition: 'PVHH', priority: 'high', limitMode: 'percent', limitValue: 95 },
      { condition: 'PVHI', priority: 'low' },
    ],
  },
];

export async function seedDemoTemplates(tx: Executor): Promise<void> {
  for (const { items, ...template } of DEMO_TEMPLATES) {
    const [row] = await tx
      .insert(alarmTemplates)
      .values({ ...template, createdBy: 'seed', updatedBy: 'seed' })
      .onConflictDoNothing({ target: alarmTemplates.name })
      .returning({ id: alarmTemplates.id });
    if (!row) continue;
    await tx
      .insert(alarmTemplateItems)
      .values(items.map((item, index) => ({ ...item, templateId: row.id, sortOrder: index })));
  }
}
