/**
 * `npm run db:move -- --to <postgresql://…>`: copies the embedded database of DATA_DIR into an empty
 * PostgreSQL database (server/db/move.ts), then says what to set next. The server must be stopped first (it
 * holds the data directory's lock).
 */
import { loadConfig } from '../config';
import { moveEmbeddedDatabase } from '../db/move';

/** The URL without its password, for printing. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function targetArgument(args: string[]): string | undefined {
  const at = args.indexOf('--to');
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith('--to='))?.slice('--to='.length);
}

async function main(): Promise<number> {
  const targetUrl = targetArgument(process.argv.slice(2));
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    process.stderr.write('用法 / usage: npm run db:move -- --to postgresql://user@host:5432/database\n');
    return 2;
  }
  const { dataDir } = loadConfig();
  process.stdout.write(`从 ${dataDir} 迁移到 ${shown(targetUrl)} …\n`);
  const report = await moveEmbeddedDatabase({
    dataDir,
    targetUrl,
    progress: ({ table, rows, checksum }) => process.stdout.write(`  ${table}: ${rows} 行，校验和 ${checksum}\n`),
  });
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    [
      `迁移完成：${report.tables.length} 张表共 ${rows} 行，行数与校验和一致；${report.sequences} 个序列已设到最大值之后。`,
      '下一步 / next:',
      `  1. 启动服务时设置 DATABASE_URL=${shown(targetUrl)}（DATA_DIR 不再存放数据库）；`,
      `  2. 保留 ${dataDir} 作为迁移前的备份，确认无误后再删除。`,
      '',
    ].join('\n'),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
