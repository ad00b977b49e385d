import type { Database } from '../db';
import { createApprovalsRepository } from './approvals';
import { createChangesRepository } from './changes';
import { createConditionsRepository } from './conditions';
import { createDictionariesRepository } from './dictionaries';
import { createLibraryRepository } from './library';
import { createRolesRepository } from './roles';
import { createTemplatesRepository } from './templates';
import { createTokensRepository } from './tokens';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  const approvals = createApprovalsRepository(db);
  const conditions = createConditionsRepository(db);
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    tokens: createTokensRepository(db),
    dictionaries: createDictionariesRepository(db),
    templates: createTemplatesRepository(db),
    library: createLibraryRepository(db),
    approvals,
    conditions,
    changes: createChangesRepository(db, approvals, conditions),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
