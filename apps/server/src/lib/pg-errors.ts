/** The SQLSTATE of a PostgreSQL error, whether raised by pg, PGlite or wrapped by Drizzle. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation (23505) */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}

/** The constraint or index a PostgreSQL error names (a unique violation's index), if any. */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Class 22, data exception: a value the database cannot take (bad encoding, a number out of range,
 * text where a uuid belongs). It comes from input that slipped past validation, so it is the
 * caller's 400, not our 500.
 */
export function isDataException(err: unknown): boolean {
  return pgErrorCode(err)?.startsWith('22') ?? false;
}

const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * An error fit for the log: Drizzle puts every query parameter (password hashes, emails,
 * addresses) in its message and stack, so those are cut; the driver's own message and code stay.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const cause = err.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: err.name,
    message: err.message.replace(PARAMS, '\nparams: [redacted]'),
    code: pgErrorCode(err) ?? (err as { code?: unknown }).code,
    cause: cause && typeof cause.message === 'string' ? cause.message : undefined,
    stack: err.stack?.replace(PARAMS, '\nparams: [redacted]'),
  };
}

/**
 * admin_shutdown, crash_shutdown, cannot_connect_now: the server ended or refused the session;
 * too_many_connections: full for a moment; read_only_sql_transaction: after a failover the old
 * primary answers as a standby until the pool reaches the new one
 */
const DROPPED = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
/**
 * object_not_in_prerequisite_state is also raised for unrelated mistakes; only a connection
 * refused while the database is closed to connections (ALLOW_CONNECTIONS false, mid-maintenance)
 * is an outage
 */
const CLOSED_DATABASE = /is not currently accepting connections/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** pg's own words for a socket that died under a query, or a client it will no longer use */
const DROPPED_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * The database went away (a restart, a failover, pg_terminate_backend), not the request: SQLSTATE
 * class 08, 57P01–03, 53300, 25006, a database closed to connections, a refused or reset socket, or pg's "Connection terminated". The request
 * may be tried again in a moment, since the pool opens fresh connections.
 */
export function isConnectionError(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith('08') || DROPPED.has(code))) return true;
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code: c, message } = e as { code?: unknown; message?: unknown };
    if (typeof c === 'string' && SOCKET_CODES.has(c)) return true;
    if (typeof message === 'string' && DROPPED_MESSAGE.test(message)) return true;
    if (c === '55000' && typeof message === 'string' && CLOSED_DATABASE.test(message)) return true;
    // AggregateError (a connect tried on IPv4 and IPv6) carries the socket errors in `errors`
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => isConnectionError(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
