import { Writable } from 'node:stream';

/**
 * A stream for a test app's logger (`logger: { level: 'info', stream }`) that keeps each JSON
 * line parsed in `lines`, so a test can read what an operator would see in the log.
 */
export function logLineStream<Line = Record<string, unknown>>(lines: Line[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Line);
      done();
    },
  });
}
