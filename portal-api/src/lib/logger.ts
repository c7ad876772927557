import pino, { type Logger } from 'pino';

export type { Logger };

/** pino: pretty in a terminal, JSON otherwise (ARCHITECTURE.md "Logs"). */
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    level,
    redact: ['req.headers.authorization', '*.password', '*.token', '*.otp'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
