/**
 * The one place database errors are recognised, by their codes, never by their text:
 * PostgreSQL's SQLSTATE (`code` of pg's DatabaseError), node:sqlite's extended result code
 * (`errcode`), and Node's errno codes for a connection that could not be made. An error of the
 * PostgreSQL driver that carries no SQLSTATE (a connection terminated, a pool timeout) is marked
 * where the driver is called (`markConnectionFailure`, db/index.ts) and recognised by its mark.
 */

/** SQLSTATE 23505 unique_violation. */
const PG_UNIQUE_VIOLATION = '23505';
/** SQLSTATE classes and codes that mean the database is away or refusing for now. */
const PG_UNAVAILABLE_CLASSES = ['08', '53', '57P'];
/** 57014 query_canceled is a statement timeout, not an unavailable database. */
const PG_NOT_UNAVAILABLE = new Set(['57014']);

/** node:sqlite's errors: `code` ERR_SQLITE_ERROR with the extended result code in `errcode`. */
const SQLITE_ERROR = 'ERR_SQLITE_ERROR';
/** SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY. */
const SQLITE_UNIQUE = new Set([2067, 1555]);
/** Primary result codes (errcode & 0xff): SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_CANTOPEN. */
const SQLITE_UNAVAILABLE = new Set([5, 6, 10, 14]);
/** node:sqlite on a closed database. */
const SQLITE_CLOSED = 'ERR_INVALID_STATE';

/** Node's errno codes of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

const CONNECTION_FAILURE = Symbol('separ.db.connectionFailure');

interface DriverError {
  code?: unknown;
  errcode?: unknown;
  cause?: unknown;
  [CONNECTION_FAILURE]?: true;
}

function fieldsOf(error: unknown): DriverError | null {
  return typeof error === 'object' && error !== null ? (error as DriverError) : null;
}

/** Whether a SQLSTATE names a PostgreSQL error (five characters). */
function isSqlState(code: unknown): code is string {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** An insert or update broke a unique index or primary key (a name or number taken concurrently). */
export function isUniqueViolation(error: unknown): boolean {
  const e = fieldsOf(error);
  if (!e) return false;
  if (e.code === PG_UNIQUE_VIOLATION) return true;
  return e.code === SQLITE_ERROR && typeof e.errcode === 'number' && SQLITE_UNIQUE.has(e.errcode);
}

/** The database is away or busy: the request may succeed later (the HTTP layer answers 503). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const e = fieldsOf(error);
  if (!e || depth > 3) return false;
  if (e[CONNECTION_FAILURE]) return true;
  const { code } = e;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (isSqlState(code))
    return !PG_NOT_UNAVAILABLE.has(code) && PG_UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix));
  if (code === SQLITE_ERROR) return typeof e.errcode === 'number' && SQLITE_UNAVAILABLE.has(e.errcode & 0xff);
  if (code === SQLITE_CLOSED) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Marks an error of the PostgreSQL driver as a lost or refused connection when it carries no
 * SQLSTATE of the server (pg and pg-pool raise plain errors for a terminated connection, a client
 * that is no longer queryable, a connect timeout). Any error of a connect (`connecting`) is one,
 * whatever its SQLSTATE (55000: the database does not accept connections now). Programming
 * errors (TypeError, RangeError) stay unmarked.
 */
export function markConnectionFailure(error: unknown, connecting = false): unknown {
  const e = fieldsOf(error);
  if (!e || error instanceof TypeError || error instanceof RangeError) return error;
  if (isSqlState(e.code) && !connecting) return error;
  e[CONNECTION_FAILURE] = true;
  return error;
}
