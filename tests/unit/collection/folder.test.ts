/** Drop folders of 数据采集 (docs/api.md, "Data collection"): names kept under the root, complete files found. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  completeJournals,
  FolderError,
  folderPath,
  normaliseFolder,
  waitingJournals,
} from '../../../server/domain/collection/folder';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-drop-unit-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('drop folder names', () => {
  it('keeps relative names, trimmed', () => {
    expect(normaliseFolder(' dcs/line-1 ')).toBe('dcs/line-1');
    expect(normaliseFolder('装置 A')).toBe('装置 A');
    expect(folderPath('/srv/drop', 'a/b')).toBe(path.join('/srv/drop', 'a', 'b'));
  });

  it.each([
    ['', '不能为空'],
    ['/etc', '绝对路径'],
    ['C:/data', '绝对路径'],
    ['..', '..'],
    ['a/../../b', '..'],
    ['./a', '.'],
    ['a\\b', '不允许的字符'],
    ['a\u0000b', '不允许的字符'],
    ['a//b', '空的路径段'],
    ['failed', 'done 或 failed'],
  ])('refuses %j in Chinese', (folder, message) => {
    expect(() => normaliseFolder(folder)).toThrow(FolderError);
    expect(() => normaliseFolder(folder)).toThrow(message);
  });

  it('refuses a symbolic link that leads outside the root', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'alarm-outside-'));
    try {
      fs.symlinkSync(outside, path.join(root, 'link'));
      await expect(waitingJournals(root, 'link')).rejects.toThrow('投放根目录之外');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('complete journals', () => {
  it('lists only CSV and xlsx files, by name, and says which were unchanged since the last look', async () => {
    fs.mkdirSync(path.join(root, 'line'));
    fs.writeFileSync(path.join(root, 'line', 'b.CSV'), 'x');
    fs.writeFileSync(path.join(root, 'line', 'a.xlsx'), 'y');
    fs.writeFileSync(path.join(root, 'line', '.hidden.csv'), 'z');
    fs.writeFileSync(path.join(root, 'line', 'c.csv.tmp'), 'z');
    const first = await waitingJournals(root, 'line');
    expect(first.map((file) => file.name)).toEqual(['a.xlsx', 'b.CSV']);
    const look1 = completeJournals(new Map(), first);
    expect(look1.ready).toEqual([]);
    fs.appendFileSync(path.join(root, 'line', 'b.CSV'), 'more');
    const look2 = completeJournals(look1.seen, await waitingJournals(root, 'line'));
    expect(look2.ready.map((file) => file.name)).toEqual(['a.xlsx']);
  });
});
