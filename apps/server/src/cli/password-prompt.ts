import { CommandError } from './command-error';

interface PromptInput extends NodeJS.EventEmitter {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  resume(): unknown;
  pause(): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
}

/**
 * Reads one line from the terminal without echoing it (raw mode: each key arrives as typed).
 * Enter ends it, Backspace takes a character back, Ctrl-C and Ctrl-D give up.
 */
export function readHidden(
  question: string,
  input: PromptInput = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    // raw (no echo) before the question shows, so nothing typed in answer is ever echoed
    input.setRawMode?.(true);
    output.write(question);
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || ch === '\u0004') return finish(new CommandError('Cancelled'));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else if (ch >= ' ') text += ch;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

/**
 * `staff add` without --password: asks twice on the terminal, never echoing, and checks the
 * password with the same rule as the API. Refuses when there is no terminal to ask on (a script
 * must pass --password, rather than hang or read a password from a pipe by accident).
 */
export async function askNewPassword(
  check: (password: string) => string | null,
  input: PromptInput = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY)
    throw new CommandError(
      'staff add needs --password <password> when it is not run on a terminal',
    );
  const password = await readHidden('Password (at least 12 characters): ', input, output);
  const problem = check(password);
  if (problem) throw new CommandError(problem);
  const again = await readHidden('The same password again: ', input, output);
  if (again !== password) throw new CommandError('The two passwords differ: nothing was added');
  return password;
}
