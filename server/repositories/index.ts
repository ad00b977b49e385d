import type { Database } from '../db';
import { createApprovalsRepository } from './approvals';
import { createBatchesRepository } from './batches';
import { createBoardsRepository } from './boards';
import { createChangesRepository } from './changes';
import { createConditionsRepository } from './conditions';
import { createDetectionRepository } from './detection';
import { createDictionariesRepository } from './dictionaries';
import { createHealthRepository } from './health';
import { createIngestRepository } from './ingest';
import { createKpiRepository } from './kpi';
import { createKpiSettingsRepository } from './kpi-settings';
import { createLibraryRepository } from './library';
import { createManualRepository } from './manual';
import { createMatrixRepository } from './matrix';
import { createOpcuaRepository } from './opcua';
import { createPeriodFiguresRepository } from './period-figures';
import { createRolesRepository } from './roles';
import { createSourcesRepository } from './sources';
import { createTemplatesRepository } from './templates';
import { createTokensRepository } from './tokens';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  const approvals = createApprovalsRepository(db);
  const conditions = createConditionsRepository(db);
  const kpi = createKpiRepository(db);
  return {
    health: createHealthRepository(db),
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    tokens: createTokensRepository(db),
    dictionaries: createDictionariesRepository(db),
    templates: createTemplatesRepository(db),
    library: createLibraryRepository(db),
    matrix: createMatrixRepository(db),
    manual: createManualRepository(db),
    approvals,
    conditions,
    changes: createChangesRepository(db, approvals, conditions),
    kpi,
    kpiSettings: createKpiSettingsRepository(db),
    detection: createDetectionRepository(db),
    boards: createBoardsRepository(db, kpi),
    periodFigures: createPeriodFiguresRepository(db, kpi),
    batches: createBatchesRepository(db),
    ingest: createIngestRepository(db),
    sources: createSourcesRepository(db),
    opcua: createOpcuaRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
