import type { Database } from '../db';
import { createDictionariesRepository } from './dictionaries';
import { createLibraryRepository } from './library';
import { createRolesRepository } from './roles';
import { createTemplatesRepository } from './templates';
import { createTokensRepository } from './tokens';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    tokens: createTokensRepository(db),
    dictionaries: createDictionariesRepository(db),
    templates: createTemplatesRepository(db),
    library: createLibraryRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
