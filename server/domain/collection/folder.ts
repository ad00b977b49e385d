/**
 * Journal drop folders (docs/api.md, "Data collection"): a source names a sub-folder of the one drop root
 * (`DROP_DIR`), never anything outside it; the journal files waiting there are imported once complete —
 * their size and modification time unchanged between two looks — and then moved to `done/` or `failed/`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const DONE_FOLDER = 'done';
export const FAILED_FOLDER = 'failed';
/** What the collector picks up: the journal formats an upload accepts. */
const JOURNAL_FILE = /\.(csv|xlsx)$/i;
/** Characters no folder name of ours may hold (control characters, Windows' reserved ones, backslash). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const FORBIDDEN = /[\u0000-\u001f\u007f\\:*?"<>|]/;

/** A folder setting that is refused, with the Chinese message shown to the user. */
export class FolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderError';
  }
}

/**
 * The sub-folder as stored (trimmed, `/`-separated segments), or FolderError: empty, absolute, with `.` or `..`
 * segments or forbidden characters.
 */
export function normaliseFolder(value: string): string {
  const folder = value.trim();
  if (!folder) throw new FolderError('子文件夹名称不能为空');
  if (path.isAbsolute(folder) || folder.startsWith('/') || /^[A-Za-z]:/.test(folder)) {
    throw new FolderError('子文件夹必须是投放根目录下的相对路径，不能是绝对路径');
  }
  if (FORBIDDEN.test(folder)) throw new FolderError('子文件夹名称含有不允许的字符（如 \\ : * ? " < > | 或控制字符）');
  const segments = folder.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    throw new FolderError('子文件夹不能包含 . 或 .. 路径段，只能位于投放根目录之下');
  }
  if (segments.some((segment) => segment.trim() === '')) throw new FolderError('子文件夹路径中不能有空的路径段');
  if (segments.some((segment) => segment === DONE_FOLDER || segment === FAILED_FOLDER)) {
    throw new FolderError(`子文件夹不能命名为 ${DONE_FOLDER} 或 ${FAILED_FOLDER}（它们用于存放已处理的文件）`);
  }
  return segments.map((segment) => segment.trim()).join('/');
}

/** The absolute directory of `folder` under `root`, after the checks of normaliseFolder. */
export function folderPath(root: string, folder: string): string {
  const resolved = path.resolve(root, normaliseFolder(folder));
  const relative = path.relative(root, resolved);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new FolderError('子文件夹只能位于投放根目录之下');
  }
  return resolved;
}

export interface WaitingJournal {
  name: string;
  size: number;
  mtimeMs: number;
}

/** Chinese message of a file-system error while reading the folder. */
function readProblem(error: unknown, folder: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `文件夹不存在：${folder}（请在投放根目录下创建它）`;
  if (code === 'ENOTDIR') return `不是文件夹：${folder}`;
  if (code === 'EACCES' || code === 'EPERM')
    return `没有读写文件夹的权限：${folder}（导入后要把文件移入 done/ 或 failed/）`;
  return `无法读取文件夹 ${folder}：${(error as Error).message}`;
}

/**
 * The journal files in the source's folder, by name; FolderError when the folder is missing, unreadable or (a
 * symbolic link) leads outside the drop root.
 */
export async function waitingJournals(root: string, folder: string): Promise<WaitingJournal[]> {
  const dir = folderPath(root, folder);
  let entries: import('node:fs').Dirent[];
  try {
    const [realRoot, realDir] = await Promise.all([fs.realpath(root), fs.realpath(dir)]);
    const relative = path.relative(realRoot, realDir);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new FolderError('子文件夹经链接指向了投放根目录之外，已拒绝读取');
    }
    await fs.access(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error instanceof FolderError) throw error;
    throw new FolderError(readProblem(error, folder));
  }
  const files: WaitingJournal[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.') || !JOURNAL_FILE.test(entry.name)) continue;
    const stat = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
    if (stat) files.push({ name: entry.name, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Which files are complete: seen before with the same size and modification time. `previous` is what the last
 * look saw; the answer's `seen` is what to pass next time.
 */
export function completeJournals(
  previous: ReadonlyMap<string, WaitingJournal>,
  now: readonly WaitingJournal[],
): { ready: WaitingJournal[]; seen: Map<string, WaitingJournal> } {
  const ready = now.filter((file) => {
    const before = previous.get(file.name);
    return before !== undefined && before.size === file.size && before.mtimeMs === file.mtimeMs;
  });
  return { ready, seen: new Map(now.map((file) => [file.name, file])) };
}

/** A free name in `dir` for `name`: the name itself, else with a time stamp before its extension. */
async function freeName(dir: string, name: string): Promise<string> {
  const taken = await fs.stat(path.join(dir, name)).then(
    () => true,
    () => false,
  );
  if (!taken) return name;
  const extension = path.extname(name);
  return `${path.basename(name, extension)}.${Date.now()}${extension}`;
}

/** Moves a processed file to `done/` or `failed/` beside it, with the error report (`<name>.errors.txt`) if any. */
export async function fileAway(
  root: string,
  folder: string,
  name: string,
  outcome: { to: typeof DONE_FOLDER | typeof FAILED_FOLDER; report?: string },
): Promise<string> {
  const dir = folderPath(root, folder);
  const target = path.join(dir, outcome.to);
  await fs.mkdir(target, { recursive: true });
  const stored = await freeName(target, name);
  await fs.rename(path.join(dir, name), path.join(target, stored));
  if (outcome.report !== undefined) await fs.writeFile(path.join(target, `${stored}.errors.txt`), outcome.report);
  return stored;
}
