/**
 * xlsx export (docs/quality.md: 100,000 rows ≤ 3 s, server RSS growth ≤ 200 MB, streamed). The alarm library of
 * scripts/bench/library.ts (100,000 points) is exported through `/api/alarm/bases/list/export` over HTTP from
 * the server's own process (scripts/bench/server.ts); this process downloads the file and reads it back with
 * exceljs to check its row count.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { benchDatabase } from './database';
import { LIBRARY_BENCH_POINTS } from './library';
import { BenchServer } from './server';

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** Data rows of the workbook's first sheet (header excluded), read as a stream. */
async function countSheetRows(file: Buffer): Promise<number> {
  let rows = 0;
  for await (const worksheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {})) {
    for await (const _row of worksheet) rows++;
    break;
  }
  return rows - 1;
}

export async function benchExport(print: (line: string) => void): Promise<void> {
  const target = await benchDatabase('export');
  print(`export part on ${target.label}`);
  try {
    const server = await BenchServer.start({
      dataDir: target.config.dataDir,
      databaseUrl: target.config.databaseUrl,
      library: true,
    });
    try {
      print(
        `generated ${LIBRARY_BENCH_POINTS.toLocaleString('en-US')} alarm points for the export in ${server.generatedSeconds.toFixed(1)} s`,
      );
      // Twice: the first may still read the table into the database's buffers, the second runs warm.
      for (const run of ['first', 'again']) {
        await server.mark();
        const started = performance.now();
        const response = await fetch(`${server.base}/api/alarm/bases/list/export`, {
          headers: { authorization: `Bearer ${server.token}` },
        });
        if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
        let firstByte = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of Readable.fromWeb(response.body as never)) {
          firstByte ||= performance.now() - started;
          chunks.push(chunk as Buffer);
        }
        const seconds = (performance.now() - started) / 1000;
        const { markRss, peakRss, cpuSeconds } = await server.usage();
        const file = Buffer.concat(chunks);
        const rows = await countSheetRows(file);
        print(
          `xlsx export of ${LIBRARY_BENCH_POINTS.toLocaleString('en-US')} library rows (${run}): ${seconds.toFixed(2)} s ` +
            `(budget ≤ 3 s; first byte after ${firstByte.toFixed(0)} ms, server CPU ${cpuSeconds.toFixed(1)} s), server RSS ` +
            `growth ${mb(peakRss - markRss)} (budget ≤ 200 MB; ${mb(markRss)} → ${mb(peakRss)}), file ${mb(file.length)}, ` +
            `${rows.toLocaleString('en-US')} rows read back with exceljs${rows === LIBRARY_BENCH_POINTS ? '' : ' — ROW COUNT WRONG'}`,
        );
      }
      await server.close();
    } finally {
      server.kill();
    }
  } finally {
    await target.dispose();
  }
}
