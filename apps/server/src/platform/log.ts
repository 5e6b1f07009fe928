/** The logging the services use: Fastify's logger in the server, JSON lines on the console elsewhere. */
export interface Log {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** Until a process gives its own. */
export const silentLog: Log = { info() {}, warn() {}, error() {} };

/** A process without Fastify (the bot on its own): one JSON line per entry, errors to stderr. */
export const consoleLog: Log = {
  info: (object, message) => console.info(JSON.stringify({ level: 'info', message, ...object })),
  warn: (object, message) => console.error(JSON.stringify({ level: 'warn', message, ...object })),
  error: (object, message) =>
    console.error(
      JSON.stringify({ level: 'error', message, ...object, err: String((object as { err?: unknown }).err ?? '') }),
    ),
};

/** A recipient for logs: the first letter and the domain only. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}
