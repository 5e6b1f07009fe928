import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the bot made: the method and its parameters. */
export interface BotCall {
  method: string;
  params: Record<string, unknown>;
}

/**
 * A local stand-in for the Bot API (Telegram's, or Bale's that speaks the same): grammY's API root
 * points at it. It answers `getMe`, hands out the updates a test queues through `getUpdates` (long
 * polling, as the real one: it waits for updates or the timeout), and records every other call.
 */
export class FakeBotApi {
  readonly calls: BotCall[] = [];
  /** Answer getUpdates as the Bot API does when another poller holds the bot (409 Conflict). */
  conflict = false;
  #updates: Array<Record<string, unknown>> = [];
  /** The files chats sent (their photos), by file id, as getFile and the file store serve them. */
  #files = new Map<string, Buffer>();
  #nextUpdateId = 1;
  #nextMessageId = 1;
  #waiters: Array<() => void> = [];
  #server: Server | null = null;
  origin = '';

  readonly token: string;

  constructor(token: string) {
    this.token = token;
  }

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      // The file store: GET /file/bot<token>/<file_path>, the bytes themselves.
      const file = /^\/file\/bot([^/]+)\/photos\/(\w+)\.\w+$/.exec(req.url ?? '');
      if (file) {
        const bytes = file[1] === this.token ? this.#files.get(file[2]!) : undefined;
        res.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
        res.end(bytes ?? '');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void this.#answer(req.url ?? '', Buffer.concat(chunks), String(req.headers['content-type'] ?? '')).then(
          (body) => {
            res.writeHead(body.ok ? 200 : 404, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          },
        );
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const wake of this.#waiters.splice(0)) wake();
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** A text message from a messaging user, as the next update. */
  message(from: number, text: string, language = 'fa'): void {
    const command = text.startsWith('/') ? text.split(/\s/)[0]!.length : 0;
    this.#push({
      message: {
        message_id: this.#nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from, type: 'private', first_name: `user${from}` },
        from: { id: from, is_bot: false, first_name: `user${from}`, language_code: language },
        text,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command }] } : {}),
      },
    });
  }

  /**
   * A photo from a messaging user (the Bot API's sizes, the largest last, all the same bytes here),
   * with an optional caption; getFile and the file store then serve its bytes.
   */
  photo(from: number, bytes: Buffer, caption?: string): void {
    const id = `photo${this.#nextUpdateId}`;
    this.#files.set(id, bytes);
    this.#push({
      message: {
        message_id: this.#nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: from, type: 'private', first_name: `user${from}` },
        from: { id: from, is_bot: false, first_name: `user${from}` },
        photo: [{ file_id: `${id}`, file_unique_id: `u${id}`, width: 90, height: 90, file_size: bytes.length }],
        ...(caption === undefined ? {} : { caption }),
      },
    });
  }

  /** A press of an inline keyboard's button (on a message like `message`, in the presser's chat). */
  press(from: number, data: string, message: Record<string, unknown> = { text: 'menu' }): void {
    this.#push({
      callback_query: {
        id: String(this.#nextUpdateId),
        from: { id: from, is_bot: false, first_name: `user${from}` },
        chat_instance: String(from),
        data,
        message: {
          message_id: this.#nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from, type: 'private', first_name: `user${from}` },
          ...message,
        },
      },
    });
  }

  /** The texts sent to a chat, in order. */
  sent(chat: number): string[] {
    return this.calls
      .filter((call) => call.method === 'sendMessage' && Number(call.params.chat_id) === chat)
      .map((call) => String(call.params.text));
  }

  /** Waits until `count` messages have been sent to a chat. */
  async until(chat: number, count: number, timeoutMs = 10_000): Promise<string[]> {
    const started = Date.now();
    while (this.sent(chat).length < count) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`${this.sent(chat).length} of ${count} messages to ${chat}: ${this.sent(chat).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.sent(chat);
  }

  #push(update: Record<string, unknown>) {
    this.#updates.push({ update_id: this.#nextUpdateId++, ...update });
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async #answer(
    url: string,
    body: Buffer,
    type: string,
  ): Promise<{ ok: boolean; result?: unknown; description?: string }> {
    const match = /^\/bot([^/]+)\/(\w+)/.exec(url);
    if (!match || match[1] !== this.token) return { ok: false, description: 'Not Found' };
    const method = match[2]!;
    // A file (sendPhoto, sendDocument) comes as multipart/form-data: its text fields are read, the
    // request kept whole (`file`), and the file's own name and bytes (`upload`).
    const params: Record<string, unknown> = type.startsWith('multipart/form-data')
      ? {
          ...Object.fromEntries(
            [...body.toString('latin1').matchAll(/name="(\w+)"\r\n\r\n([^\r]*)\r\n/g)].map((m) => [
              m[1]!,
              Buffer.from(m[2]!, 'latin1').toString('utf8'),
            ]),
          ),
          file: body,
          upload: uploadOf(body, type),
        }
      : body.length > 0
        ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>)
        : {};
    if (method === 'getMe')
      return { ok: true, result: { id: 1, is_bot: true, first_name: 'Separ', username: 'separ_test_bot' } };
    if (method === 'getUpdates') {
      if (this.conflict)
        return {
          ok: false,
          error_code: 409,
          description: 'Conflict: terminated by other getUpdates request',
        } as { ok: boolean; description: string };
      const offset = Number(params.offset ?? 0);
      this.#updates = this.#updates.filter((update) => Number(update.update_id) >= offset);
      if (this.#updates.length === 0) {
        const timeout = Math.min(Number(params.timeout ?? 0), 1) * 1000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeout);
          this.#waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return { ok: true, result: this.#updates.slice(0, Number(params.limit ?? 100)) };
    }
    this.calls.push({ method, params });
    if (method === 'getFile') {
      const id = String(params.file_id);
      const bytes = this.#files.get(id);
      return bytes
        ? {
            ok: true,
            result: { file_id: id, file_unique_id: `u${id}`, file_size: bytes.length, file_path: `photos/${id}.jpg` },
          }
        : { ok: false, description: 'Bad Request: invalid file_id' };
    }
    if (method === 'sendMessage' || method === 'sendPhoto' || method === 'sendDocument')
      return {
        ok: true,
        result: {
          message_id: this.#nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: params.chat_id, type: 'private' },
          text: params.text,
          ...(method === 'sendDocument'
            ? { document: { file_id: `doc${this.#nextMessageId}`, file_unique_id: `udoc${this.#nextMessageId}` } }
            : {}),
        },
      };
    return { ok: true, result: true };
  }
}

/** The file part of a multipart/form-data body: its file name and bytes (null without one). */
export function uploadOf(body: Buffer, type: string): { filename: string; bytes: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`, 'latin1');
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    // grammY writes `filename=name` unquoted; browsers quote it.
    const filename = /filename=(?:"([^"]*)"|([^\r\n;]*))/i.exec(headers);
    if (filename && headerEnd >= 0)
      return { filename: (filename[1] ?? filename[2])!, bytes: Buffer.from(part.subarray(headerEnd + 4)) };
    at = next;
  }
  return null;
}
