import pino, { type Logger } from 'pino';

export type { Logger };

/** pino: pretty in a terminal, JSON otherwise (ARCHITECTURE.md "Logs"). */
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  const options = { level, redact: ['req.headers.authorization', '*.password', '*.token', '*.otp'] };
  if (pretty)
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } });
  // JSON lines are written asynchronously: lines logged while a write is under way go out
  // together in the next one, instead of one blocking write(2) per request line
  // (docs/performance.md). pino flushes what is pending when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
