export type ProcessErrorLog = (message: string, err: unknown) => void;

/**
 * A promise nobody awaits that rejects ends the process under Node's default. pg-boss 10 completes
 * and fails jobs without awaiting them (pg-boss issue #577), so a job ending while the database is
 * down rejects into nothing, and one lost promise is not worth every shopper's request: it is
 * logged and the server keeps running. Returns a setter for the log (the app's logger, once
 * there is one).
 */
export function guardUnhandledRejections(initial: ProcessErrorLog): (log: ProcessErrorLog) => void {
  let log = initial;
  process.on('unhandledRejection', (reason) =>
    log('unhandled promise rejection (the server keeps running)', reason),
  );
  return (next) => {
    log = next;
  };
}
