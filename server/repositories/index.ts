import type { Database } from '../db';
import { createRolesRepository } from './roles';
import { createTokensRepository } from './tokens';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    tokens: createTokensRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
