// The operator scripts' command lines and environment: a mistake in either (an
// unknown option, a missing value, a bad variable) is one line and exit 1, not a
// stack trace an operator would have to read through.
import { ConfigError, loadConfig, type Config } from '../src/config.ts';

/**
 * Runs `parse` (a util.parseArgs call); on a bad command line prints `problem. Usage: …` and exits 1.
 * `--help` or `-h` prints the usage and exits 0, before anything else is read.
 */
export function argsOrExit<T>(parse: () => T, usage: string): T {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log(`Usage: ${usage}`);
    process.exit(0);
  }
  try {
    return parse();
  } catch (err) {
    if (!String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw err;
    // Node's first sentence ("Unknown option '--emial'"); the rest advises on positional arguments.
    usageError((err as Error).message.split('. ')[0]!, usage);
  }
}

export function usageError(problem: string, usage: string): never {
  console.error(`${problem.replace(/\.$/, '')}. Usage: ${usage}`);
  process.exit(1);
}

/** The parsed environment; a bad variable prints the one line naming it and exits 1. */
export function configOrExit(env?: Record<string, string | undefined>): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
}
