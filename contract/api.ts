/**
 * Every endpoint of the API by the key the SPA calls it with, `'<METHOD> <path>'` (path below `/api`).
 * A group declared in its own file joins here.
 */
import type { approvalEndpoints } from './approvals';
import type { boardEndpoints } from './boards';
import type { changeEndpoints } from './changes';
import type { Keyed } from './endpoint';
import type { flowEndpoints } from './flows';
import type { journalEndpoints } from './journal';
import type { kpiEndpoints } from './kpi';
import type { kpiSettingsEndpoints } from './kpiSettings';
import type { workingEndpoints } from './working';

export type Api = Keyed<typeof approvalEndpoints> &
  Keyed<typeof workingEndpoints> &
  Keyed<typeof changeEndpoints> &
  Keyed<typeof flowEndpoints> &
  Keyed<typeof boardEndpoints> &
  Keyed<typeof kpiEndpoints> &
  Keyed<typeof kpiSettingsEndpoints> &
  Keyed<typeof journalEndpoints>;
