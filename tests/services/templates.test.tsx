/**
 * 报警模板 and 模板评估 calls (src/services/templates.ts) against the real server: listed, opened, created,
 * updated, deleted, rationalizing the points of their type; evaluated against the demo plant; both exports.
 */
import * as templatesClient from '@/services/templates';
import { expectWorkbook, realServer, recorded, START } from './harness';

realServer();
const templates = recorded(templatesClient);

describe('报警模板 and 模板评估 calls on the real server', () => {
  it(
    'lists, opens, creates, updates and deletes templates, and evaluates one',
    async () => {
      const page = await templates.fetchTemplates({ current: 1, pageSize: 20 });
      expect(page.total).toBeGreaterThan(0);
      const template = await templates.fetchTemplate(page.list[0].id);
      const options = await templates.fetchTemplateOptions();
      expect(options.equipmentTypes).toContain(template.equipmentType);
      const created = await templates.createTemplate({
        name: '服务调用测试模板',
        equipmentType: template.equipmentType,
        items: [{ condition: template.items[0].condition, priority: 'high', limitValue: 80 }],
      });
      const updated = await templates.updateTemplate(created.id, {
        name: created.name,
        equipmentType: created.equipmentType,
        description: '已修改',
        items: [{ condition: created.items[0].condition, priority: 'medium' }],
        updatedAt: created.updatedAt,
      });
      expect(updated.items[0].priority).toBe('medium');
      const rationalized = await templates.updateTemplate(created.id, {
        name: created.name,
        equipmentType: created.equipmentType,
        items: [
          {
            condition: created.items[0].condition,
            priority: 'medium',
            cause: '服务调用测试的原因',
            maxResponseMinutes: 10,
            severities: { asset: 'major' },
          },
        ],
      });
      expect(rationalized.items[0]).toMatchObject({ cause: '服务调用测试的原因', severities: { asset: 'major' } });
      const done = await templates.rationalizeFromTemplate(created.id, {});
      expect(done.changed).toBeGreaterThan(0);
      await expect(templates.deleteTemplate(created.id)).resolves.toEqual({ id: created.id });
      await expectWorkbook('GET /alarm/template/list/export', { equipmentType: template.equipmentType });

      const choices = await templates.fetchEvaluationOptions();
      const evaluation = await templates.fetchEvaluation({ templateId: choices.templates[0].id });
      expect(evaluation.template.id).toBe(choices.templates[0].id);
      await expectWorkbook('GET /alarm/op/evaluate/export', { templateId: choices.templates[0].id });

      expect(templates.editPage(created.id)).toBe(`/alarm/template2/list/edit?id=${created.id}`);
    },
    START,
  );
});
