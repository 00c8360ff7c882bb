import type { Database, Db } from '../db/client';

// What a command is and how it is run, apart from store.ts (which runs them), so that the command
// files store.ts loads (backup-commands.ts) can name them without importing it back.

/** One command, done on the database itself or asked of the server that holds it. */
export type Operation<T> = {
  /**
   * `catalogueChanged`: call when the change shows in the shop (stock back on a cancel);
   * `database`: the whole handle, for commands that need more than queries (a backup)
   */
  direct(db: Db, catalogueChanged: () => void, database: Database): Promise<T>;
  /** path below /api/v1/operator; POST when there is a body; timeout: 10 s unless given */
  remote: { path: string; body?: object; timeoutMs?: number };
} & (
  | {
      /** checks the server's JSON answer: the same data `direct` returns */
      parse(json: unknown): T | Promise<T>;
    }
  | {
      /** takes a successful answer that is not JSON (a backup) */
      receive(res: Response): Promise<T>;
    }
);

/** Runs a command on the database or asks the running server (cli/store.ts). */
export type Run = <T>(op: Operation<T>) => Promise<T>;
