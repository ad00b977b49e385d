/**
 * Vitest's own order (failed first, then longest first, project by project), except that the two sides of the
 * api-postgres isolation check (tests/api/isolation.ts) go first together: with two workers or more they start at
 * the same time, each in a worker of its own. Whether they do is provided to them as `isolationPair`.
 */
import os from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when both sides are in the run; `overlap` when they run side by side (two workers or more). */
    isolationPair?: { overlap: boolean };
  }
}

const SIDES = /[\\/]tests[\\/]api[\\/]isolation-[ab]\.postgres\.test\.ts$/;

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const pair = sorted.filter((spec) => SIDES.test(spec.moduleId));
    if (pair.length !== 2 || pair[0].project !== pair[1].project) return sorted;
    const { project } = pair[0];
    const workers =
      project.config.maxWorkers || this.ctx.config.maxWorkers || Math.max(os.availableParallelism() - 1, 1);
    project.provide('isolationPair', { overlap: workers >= 2 });
    return [...pair, ...sorted.filter((spec) => !pair.includes(spec))];
  }
}
