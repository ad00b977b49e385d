/**
 * The one file of an import upload (field `file`). Parts are read as they arrive, so a second file can only
 * be seen after the first has been read: `alone` passes the first file's items through and then refuses
 * the upload if another file follows, before the import's transaction commits.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { JournalFileError } from '../domain/journal';
import { refused } from '../errors';

export interface SingleUpload {
  file: MultipartFile;
  alone<T>(items: AsyncIterable<T>): AsyncGenerator<T, void, undefined>;
}

/** `what` names the expected file in the messages, for example 报警库文件. */
export async function singleUpload(request: FastifyRequest, what: string): Promise<SingleUpload> {
  if (!request.isMultipart()) {
    throw refused(400, `请以 multipart/form-data 上传${what}（字段名 file，CSV 或 xlsx）`);
  }
  const files = request.files();
  const first = await files.next();
  if (first.done || first.value.fieldname !== 'file') throw refused(400, '缺少上传文件：字段名应为 file');
  // No file system names a file with a NUL and PostgreSQL text cannot hold one (the journal keeps the name as
  // the batch label): a forged name is refused before anything is read.
  if (first.value.filename.includes('\0')) {
    throw refused(400, '文件名含有非法字符（空字符 NUL）：请重命名文件后重新上传');
  }
  return {
    file: first.value,
    async *alone(items) {
      yield* items;
      // The multipart limit of one file answers a second one with FST_FILES_LIMIT.
      const next = await files.next().catch((error: { code?: string }) => {
        if (error.code === 'FST_FILES_LIMIT') return { done: false };
        throw error;
      });
      if (!next.done) throw new JournalFileError('一次只能上传一个文件：请逐个导入');
    },
  };
}
