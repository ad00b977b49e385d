/**
 * `umi dev` mock endpoints: every `/api/*` request goes to the real server app, in process, over an
 * in-memory embedded database seeded like a first `npm start` (server/dev/in-process.ts). Nothing here
 * describes an endpoint, so nothing can drift from the server.
 *
 * The app starts once, when Umi first loads this file (as the dev server starts), and lives on `globalThis`,
 * so Umi reloading this file keeps the data; restart `npm run dev` to pick up server changes. It does not wait
 * for a first `/api` request: a browser without a token makes none, so the admin sign-in link, printed in the
 * dev server's log once the app is ready, would never come. A request that comes earlier waits for the start;
 * after a failed start the next request tries again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type InProcessApi, startInProcessApi } from '../server/dev/in-process';

/** What Umi's mock middleware (express) hands a handler, after its body parsers ran. */
interface MockRequest extends IncomingMessage {
  originalUrl: string;
  body?: unknown;
  files?: { fieldname: string; originalname: string; mimetype: string; buffer: Buffer }[];
  /** Set by body-parser when it consumed the stream. */
  _body?: boolean;
}

const holder = globalThis as typeof globalThis & { alarmDevApi?: Promise<InProcessApi> };

function inProcessApi(): Promise<InProcessApi> {
  holder.alarmDevApi ??= startInProcessApi().then((api) => {
    const port = process.env.PORT ?? '8000';
    process.stdout.write(
      `\n[mock] 内置 API 已就绪。管理员登录链接：http://localhost:${port}/?token=${api.adminToken}\n\n`,
    );
    return api;
  });
  holder.alarmDevApi.catch(() => {
    holder.alarmDevApi = undefined;
  });
  return holder.alarmDevApi;
}

inProcessApi().catch((error: unknown) => {
  process.stderr.write(`\n[mock] 内置 API 启动失败：${error instanceof Error ? error.stack : String(error)}\n\n`);
});

async function rawBody(req: MockRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The body as the client sent it, rebuilt from what Umi's parsers made of it. */
async function payloadOf(req: MockRequest): Promise<{ body?: Buffer | string; contentType?: string }> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  const contentType = req.headers['content-type'] ?? '';
  if (req.files?.length || contentType.startsWith('multipart/form-data')) {
    const form = new FormData();
    for (const [key, value] of Object.entries((req.body as Record<string, string>) ?? {})) form.append(key, value);
    for (const file of req.files ?? []) {
      form.append(file.fieldname, new Blob([new Uint8Array(file.buffer)], { type: file.mimetype }), file.originalname);
    }
    const encoded = new Request('http://mock.local', { method: 'POST', body: form });
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
  }
  if (!req._body) return { body: await rawBody(req), contentType };
  if (contentType.includes('json')) return { body: JSON.stringify(req.body ?? {}), contentType };
  return { body: new URLSearchParams(req.body as Record<string, string>).toString(), contentType };
}

async function forward(req: MockRequest, res: ServerResponse): Promise<void> {
  try {
    const { app } = await inProcessApi();
    const { body, contentType } = await payloadOf(req);
    const { host: _host, 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = req.headers;
    const response = await app.inject({
      method: req.method as 'GET',
      url: req.originalUrl,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body !== undefined ? { payload: body } : {}),
    });
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && name !== 'transfer-encoding' && name !== 'content-length') res.setHeader(name, value);
    }
    res.statusCode = response.statusCode;
    res.end(response.rawPayload);
  } catch (error) {
    res.statusCode = 500;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    const msg = `内置 API 启动失败：${error instanceof Error ? error.message : String(error)}`;
    res.end(JSON.stringify({ code: 500, msg, data: null }));
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export default Object.fromEntries(METHODS.map((method) => [`${method} /api/(.*)`, forward]));
