/**
 * Each vitest project's wall time (its first file's start to its last file's end) and files, for the phase table
 * `npm test` prints (scripts/timings.mjs): projects run side by side, so their spans overlap.
 */
import type { Reporter, TestModule } from 'vitest/node';
import { recordTiming } from '../scripts/timings.mjs';

export default class ProjectTimings implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number; files: number }>();

  onTestModuleStart(module: TestModule) {
    const name = module.project.name;
    const span = this.spans.get(name) ?? { start: Date.now(), end: Date.now(), files: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (!span) return;
    span.end = Date.now();
    span.files += 1;
  }

  onTestRunEnd() {
    for (const [name, span] of this.spans)
      recordTiming(`  vitest ${name}`, (span.end - span.start) / 1000, `${span.files} files`);
  }
}
