/**
 * 变更管理: change requests with their items (captured against the points' versions) or their condition
 * proposal, and the transition log — read (read.ts), written (write.ts), and the points they name
 * (points.ts), built into one repository. What spans repositories (submitting into an approval, deciding,
 * applying to the library or the conditions) is in server/use-cases/changes and server/use-cases/approvals.
 */
import type { Executor } from '../../db';
import type { ApprovalsRepository } from '../approvals';
import type { ConditionsRepository } from '../conditions';
import { createChangePointQueries } from './points';
import { createChangeReads } from './read';
import { createChangeWrites } from './write';

export type { ChangeInput, LockedRequest } from './types';

export function createChangesRepository(
  db: Executor,
  approvals: ApprovalsRepository,
  conditions: ConditionsRepository,
) {
  return {
    ...createChangePointQueries(db, conditions),
    ...createChangeReads(db, approvals, conditions),
    ...createChangeWrites(conditions),
  };
}

export type ChangesRepository = ReturnType<typeof createChangesRepository>;
