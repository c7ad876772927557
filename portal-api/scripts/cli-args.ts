// The operator scripts' command lines: a mistake in one (an unknown option, a
// missing value) is one line with the usage and exit 1, not Node's
// ERR_PARSE_ARGS stack trace an operator would have to read through.

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
