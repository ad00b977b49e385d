/** One side of the worker databases' isolation check; the other is isolation-b.postgres.test.ts (tests/api/isolation.ts). */
import { isolationSide } from './isolation';

isolationSide('a');
