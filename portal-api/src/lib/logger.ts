import pino, { type Logger } from 'pino';

export type { Logger };

const FLUSH_MS = 100;

/** pino: pretty in a terminal, JSON otherwise (docs/operations.md "Logs"). */
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  const options = { level, redact: ['req.headers.authorization', '*.password', '*.token', '*.otp'] };
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } });
  // JSON lines are written asynchronously and in batches: up to 4 KB of lines, or what
  // FLUSH_MS has gathered, go out in one write(2) instead of one per request line
  // (one write per request line was a tenth of a small read's CPU).
  // A line is at most FLUSH_MS late; pino flushes what is pending when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: FLUSH_MS }));
}
