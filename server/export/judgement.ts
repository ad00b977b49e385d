/** The columns of a KPI judgement sheet (指标, 数值, 单位, 目标, 状态), as the boards' exports write them. */
import { KPI_DEFINITIONS, KPI_STATUS_LABELS, type KpiJudgement } from '../../common/kpiTargets';
import type { XlsxColumn } from './xlsx';

export function judgementColumns<T extends { judgement: KpiJudgement }>(lead: XlsxColumn<T>[] = []): XlsxColumn<T>[] {
  return [
    ...lead,
    { header: '指标', value: (row) => KPI_DEFINITIONS[row.judgement.kpi].label, width: 20 },
    { header: '数值', value: (row) => row.judgement.value },
    { header: '单位', value: (row) => KPI_DEFINITIONS[row.judgement.kpi].unit, width: 12 },
    { header: '目标（≤）', value: (row) => row.judgement.target },
    { header: '状态', value: (row) => KPI_STATUS_LABELS[row.judgement.status], width: 10 },
  ];
}
