import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { newId } from './ids.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void>; describe(): string; close(): void };

/**
 * nodemailer to SMTP_URL when set; otherwise each message is logged and written
 * to DATA_DIR/outbox/*.eml so a fresh install works without a mail server.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      describe: () => `SMTP ${new URL(config.smtpUrl!).host}`,
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    describe: () => `outbox ${outbox}`,
    close: () => transport.close(),
  };
}

/** Minimal HTML wrapper for the plain-text mails (codes, approval, notices). */
export function simpleHtml(paragraphs: string[]): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">${paragraphs
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')}</body></html>`;
}
