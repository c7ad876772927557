import readline from 'node:readline';
import { Writable } from 'node:stream';

/** Asks on the terminal without echoing the answer (a password never shows on screen or in history). */
export async function askHidden(question: string): Promise<string> {
  // readline echoes what it reads to its output: a sink that drops it keeps the answer off the screen.
  // The terminal is in raw mode (no echo of its own) before the question shows.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: silent, terminal: true });
  process.stdout.write(question);
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}
