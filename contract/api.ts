/**
 * Every endpoint of the API by the key the SPA calls it with, `'<METHOD> <path>'` (path below `/api`).
 * A group declared in its own file joins here.
 */
import type { approvalEndpoints } from './approvals';
import type { boardEndpoints } from './boards';
import type { changeEndpoints } from './changes';
import type { conditionEndpoints } from './conditions';
import type { alarmTypeEndpoints, priorityEndpoints, systemTypeEndpoints } from './dictionaries';
import type { Keyed } from './endpoint';
import type { flowEndpoints } from './flows';
import type { journalEndpoints } from './journal';
import type { kpiEndpoints } from './kpi';
import type { kpiSettingsEndpoints } from './kpiSettings';
import type { abnormalListEndpoints, libraryEndpoints } from './library';
import type { manualEndpoints } from './manual';
import type { permissionEndpoints } from './permission';
import type { rationalizationEndpoints } from './rationalization';
import type { sourceEndpoints } from './sources';
import type { evaluationEndpoints, templateEndpoints } from './templates';
import type { userEndpoints } from './user';

export type Api = Keyed<typeof approvalEndpoints> &
  Keyed<typeof conditionEndpoints> &
  Keyed<typeof changeEndpoints> &
  Keyed<typeof flowEndpoints> &
  Keyed<typeof boardEndpoints> &
  Keyed<typeof kpiEndpoints> &
  Keyed<typeof kpiSettingsEndpoints> &
  Keyed<typeof journalEndpoints> &
  Keyed<typeof libraryEndpoints> &
  Keyed<typeof abnormalListEndpoints> &
  Keyed<typeof manualEndpoints> &
  Keyed<typeof templateEndpoints> &
  Keyed<typeof evaluationEndpoints> &
  Keyed<typeof alarmTypeEndpoints> &
  Keyed<typeof systemTypeEndpoints> &
  Keyed<typeof priorityEndpoints> &
  Keyed<typeof permissionEndpoints> &
  Keyed<typeof rationalizationEndpoints> &
  Keyed<typeof sourceEndpoints> &
  Keyed<typeof userEndpoints>;
