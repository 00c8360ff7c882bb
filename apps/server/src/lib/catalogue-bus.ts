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
  /** told when the listening connection breaks and when it is back */
  log?: (message: string, err?: Error) => void;
  /** first reconnect delay; doubles to 5 s */
  retryMs?: number;
}

/**
 * One dedicated connection LISTENs; publishing is a NOTIFY on the same connection. Messages carry
 * this process's id so it ignores its own. A broken connection is reopened with backoff, and the
 * cache is cleared once it is back: changes announced while it was away are not replayed.
 */
export async function postgresCatalogueBus(options: PostgresBusOptions): Promise<CatalogueBus> {
  const self = randomUUID();
  const listeners: (() => void)[] = [];
  const notifyAll = () => listeners.forEach((fn) => fn());
  const log = options.log ?? (() => {});
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = options.retryMs ?? 250;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL && msg.payload !== self) notifyAll();
    });
    c.on('error', (err) => {
      if (client === c) client = null;
      log('the catalogue change listener lost its connection; reconnecting', err);
      void c.end().catch(() => {});
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    client = c;
    retryMs = options.retryMs ?? 250;
  };

  let reconnecting = false;
  const scheduleReconnect = () => {
    if (closed || reconnecting) return;
    reconnecting = true;
    setTimeout(() => {
      reconnecting = false;
      if (closed) return;
      connect().then(
        () => {
          log('the catalogue change listener is back');
          notifyAll();
        },
        (err: Error) => {
          retryMs = Math.min(retryMs * 2, 5_000);
          log('the catalogue change listener could not reconnect', err);
          scheduleReconnect();
        },
      );
    }, retryMs).unref();
  };

  await connect();
  return {
    publish() {
      const c = client;
      if (!c) return; // the others clear everything when their listener or ours comes back
      c.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, self]).catch((err: Error) =>
        log('could not announce a catalogue change', err),
      );
    },
    subscribe(onChange) {
      listeners.push(onChange);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
