import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CommandError } from './command-error';
import { askNewPassword } from './password-prompt';

/** A terminal that types `keys` (one chunk per prompt) once it is read. */
function fakeTerminal(keys: string[], isTTY = true) {
  const input = Object.assign(new EventEmitter(), {
    isTTY,
    rawModes: [] as boolean[],
    setRawMode(mode: boolean) {
      this.rawModes.push(mode);
    },
    setEncoding() {},
    pause() {},
    resume() {
      const next = keys.shift();
      if (next !== undefined) setImmediate(() => input.emit('data', next));
    },
  });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  return { input, output, shown: () => shown };
}

const rule = (p: string) => (p.length >= 12 ? null : 'Password must be at least 12 characters');

describe('staff add without --password', () => {
  it('asks twice without echoing, in raw mode, and takes backspace', async () => {
    const t = fakeTerminal(['correct horse batteryX\u007f\r', 'correct horse battery\r']);
    await expect(askNewPassword(rule, t.input, t.output)).resolves.toBe('correct horse battery');
    expect(t.shown()).not.toContain('horse');
    expect(t.input.rawModes).toEqual([true, false, true, false]);
  });
  it('refuses two different answers and a short one', async () => {
    const differ = fakeTerminal(['correct horse battery\r', 'correct horse batterz\r']);
    await expect(askNewPassword(rule, differ.input, differ.output)).rejects.toThrow(
      'The two passwords differ',
    );
    const short = fakeTerminal(['short\r']);
    await expect(askNewPassword(rule, short.input, short.output)).rejects.toThrow(
      'Password must be at least 12 characters',
    );
  });
  it('refuses when stdin is not a terminal, and on Ctrl-C', async () => {
    const piped = fakeTerminal(['correct horse battery\r'], false);
    await expect(askNewPassword(rule, piped.input, piped.output)).rejects.toBeInstanceOf(
      CommandError,
    );
    const cancelled = fakeTerminal(['corr\u0003']);
    await expect(askNewPassword(rule, cancelled.input, cancelled.output)).rejects.toThrow(
      'Cancelled',
    );
  });
});
