import type { Database } from '../db';
import { createDictionariesRepository } from './dictionaries';
import { createRolesRepository } from './roles';
import { createTokensRepository } from './tokens';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    tokens: createTokensRepository(db),
    dictionaries: createDictionariesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
