/** A journal file posted to the running bench server as a browser uploads it: streamed multipart. */
import fs from 'node:fs';
import { Readable } from 'node:stream';

export interface ImportAnswer {
  code: number;
  data: { imported: number; duplicates: number };
}

/** POSTs `file` to the import with progress job `job`; resolves with the answer once the import ended. */
export async function postJournal(
  base: string,
  auth: { authorization: string },
  file: string,
  job: string,
): Promise<ImportAnswer> {
  const boundary = 'bench-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="journal.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  async function* body() {
    yield Buffer.from(head);
    yield* fs.createReadStream(file);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const response = await fetch(`${base}/api/alarm/mock/import?job=${job}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return (await response.json()) as ImportAnswer;
}
