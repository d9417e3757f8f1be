import { UsageError } from './cli-support.kit';

/** More than any password the platform accepts (200 characters), so a longer input is refused, not cut. */
const MAX_INPUT_BYTES = 4096;

/**
 * A password that never appears on a command line (npm prints the command it runs, and `ps` shows every
 * process's arguments): read whole from standard input with --password-stdin (one trailing newline dropped,
 * as `echo` and here-strings add one), or asked for without echo when standard input is a terminal.
 */
export async function readPassword(fromStdin: boolean, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (fromStdin) return stdinPassword(input);
  if (input.isTTY) return promptPassword(input);
  throw new UsageError('no password: pipe it in with --password-stdin, or run on a terminal to be asked for it');
}

async function stdinPassword(input: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new UsageError('--password-stdin: the input is longer than any password');
    chunks.push(buffer);
  }
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (!password) throw new UsageError('--password-stdin: standard input was empty');
  return password;
}

/** Asks on the terminal with echo off (raw mode), twice, so a typing mistake is not saved as the password. */
async function promptPassword(input: NodeJS.ReadStream): Promise<string> {
  const first = await askHidden(input, 'Password: ');
  const again = await askHidden(input, 'Password again: ');
  if (first !== again) throw new UsageError('the two passwords differ');
  if (!first) throw new UsageError('no password given');
  return first;
}

function askHidden(input: NodeJS.ReadStream, prompt: string): Promise<string> {
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  let typed = '';
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n') return done();
        // Ctrl-C and Ctrl-D: give up as a terminal would.
        if (char === '\u0003' || char === '\u0004') return done(new UsageError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (typed.length < MAX_INPUT_BYTES) typed += char;
      }
    };
    input.on('data', onData);
  });
}
