/**
 * Every endpoint of the API by the key the SPA calls it with, `'<METHOD> <path>'` (path below `/api`).
 * A group declared in its own file joins here.
 */
import type { approvalEndpoints } from './approvals';
import type { Keyed } from './endpoint';

export type Api = Keyed<typeof approvalEndpoints>;
