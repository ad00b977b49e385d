/**
 * Every endpoint of the API by the key the SPA calls it with, `'<METHOD> <path>'` (path below `/api`).
 * A group declared in its own file joins here.
 */
import type { approvalEndpoints } from './approvals';
import type { changeEndpoints } from './changes';
import type { Keyed } from './endpoint';
import type { flowEndpoints } from './flows';
import type { workingEndpoints } from './working';

export type Api = Keyed<typeof approvalEndpoints> &
  Keyed<typeof workingEndpoints> &
  Keyed<typeof changeEndpoints> &
  Keyed<typeof flowEndpoints>;
