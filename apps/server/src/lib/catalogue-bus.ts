import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Tells every server process that the catalogue or the store settings changed, so each drops its
 * response cache and store table within a second (back-office.md section 3). On PostgreSQL the
 * processes share the database, so its LISTEN/NOTIFY is the channel: no extra service to run or
 * to fail (docs/decisions/back-office.md). The embedded database allows one process, which clears
 * its own cache directly: `localCatalogueBus`.
 */
export interface CatalogueBus {
  /** announce a change made in this process (its own cache is cleared by the caller) */
  publish(): void;
  /** `onChange` runs for changes announced by other processes, and after a reconnect */
  subscribe(onChange: () => void): void;
  close(): Promise<void>;
}

export const CATALOGUE_CHANNEL = 'store_catalogue_changed';

export function localCatalogueBus(): CatalogueBus {
  return { publish() {}, subscribe() {}, close: async () => {} };
}

export interface PostgresBusOptions {
  connectionString: string;
  /**
   * how the listening connection shows in pg_stat_activity (an operator or a test finds it by
   * this); default `store-catalogue-listener-<pid>`. An application_name in the connection string wins.
   */
  applicationName?: string;
  /** told when the listening connection breaks and when it is back */
  log?: (message: string, err?: Error) => void;
  /** first reconnect delay; doubles up to 1 s */
  retryMs?: number;
}

/**
 * The longest wait between reconnect attempts: after the database comes back, every process is
 * listening (and has cleared its caches) within about this long, so nothing stays stale past 1 s.
 */
const MAX_RETRY_MS = 1_000;

/**
 * One dedicated connection LISTENs; publishing is a NOTIFY on the same connection. Messages carry
 * this process's id so it ignores its own. A broken connection is reopened with backoff. Changes
 * announced while a listener was away are not replayed; instead, once back, the listener clears
 * its own caches and announces a full refresh, so every process clears too: a change made here
 * while the connection was down (its NOTIFY could not be sent) reaches the others that way, and
 * a change the others announced meanwhile is caught by clearing here.
 */
export async function postgresCatalogueBus(options: PostgresBusOptions): Promise<CatalogueBus> {
  const self = randomUUID();
  const listeners: (() => void)[] = [];
  const notifyAll = () => listeners.forEach((fn) => fn());
  const log = options.log ?? (() => {});
  const firstRetryMs = options.retryMs ?? 250;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = firstRetryMs;
  /** NOTIFYs not yet answered, so close() lets them out before it ends the connection */
  const sending = new Set<Promise<unknown>>();

  const send = (c: pg.Client) => {
    const sent = c.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, self]).then(
      () => {},
      (err: Error) => {
        // the connection broke under it: its error handler reconnects, and the reconnect
        // announces a full refresh, which covers this change
        log(
          'could not announce a catalogue change; announcing a full refresh once reconnected',
          err,
        );
      },
    );
    sending.add(sent);
    void sent.finally(() => sending.delete(sent));
    return sent;
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    log('the catalogue change listener lost its connection; reconnecting', err);
    void c.end().catch(() => {});
    scheduleReconnect(retryMs);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName ?? `store-catalogue-listener-${process.pid}`,
    });
    c.on('notification', (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL && msg.payload !== self) notifyAll();
    });
    c.on('error', (err) => lost(c, err));
    // a connection closed without an error (the server shut down cleanly) is lost all the same
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (err) {
      void c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    retryMs = firstRetryMs;
  };

  let timer: NodeJS.Timeout | null = null;
  let connecting = false;
  const scheduleReconnect = (delayMs: number) => {
    if (closed || connecting || client) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (closed) return;
      connecting = true;
      connect().then(
        () => {
          connecting = false;
          const c = client;
          if (!c) return;
          log('the catalogue change listener is back; announcing a full refresh');
          notifyAll();
          void send(c);
        },
        (err: Error) => {
          connecting = false;
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          log('the catalogue change listener could not reconnect', err);
          scheduleReconnect(retryMs);
        },
      );
    }, delayMs);
    timer.unref();
  };

  await connect();
  return {
    publish() {
      const c = client;
      if (c) {
        void send(c);
        return;
      }
      // A change was just committed, so the database answers: reconnect now rather than after
      // the backoff; the reconnect's full refresh carries this change to the others.
      scheduleReconnect(0);
    },
    subscribe(onChange) {
      listeners.push(onChange);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await Promise.all(sending);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
