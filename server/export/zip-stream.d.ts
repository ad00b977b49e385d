// The part of zip-stream 4 (JavaScript, no types of its own) that server/export/xlsxWriter.ts uses.
declare module 'zip-stream' {
  import type { Transform } from 'node:stream';
  import type { ZlibOptions } from 'node:zlib';

  interface ZipStreamOptions {
    zlib?: ZlibOptions;
  }

  interface ZipEntryData {
    name: string;
  }

  class ZipStream extends Transform {
    constructor(options?: ZipStreamOptions);
    /** Adds one entry; the callback hears when its data is written, or the error of its source. */
    entry(source: Buffer | NodeJS.ReadableStream, data: ZipEntryData, callback: (error: Error | null) => void): this;
    /** Writes the central directory once the last entry is done, and ends the stream. */
    finalize(): void;
  }

  export = ZipStream;
}
