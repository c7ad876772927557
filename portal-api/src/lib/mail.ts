import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { SITE_NAME } from '../shared/site-name.ts';
import { html, htmlText, raw } from './html.ts';
import { newId } from './ids.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };
/** Sends one message now. Only the outbox worker calls it: no request waits on it. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  describe(): string;
  /** What send() did, for the log: handed to an SMTP server, or written as a file to DATA_DIR/outbox. */
  done: 'mail sent' | 'mail written to the outbox folder';
  close(): void;
};

/**
 * Each SMTP step gives up after this long, so a server that accepts and never
 * answers costs the worker seconds, not minutes (nodemailer waits 2-10 min by default).
 */
export const SMTP_TIMEOUT_MS = 10_000;

/**
 * The SMTP transport's options for `url`. nodemailer lets the URL's query override
 * any of them (`smtp://host:587/?socketTimeout=30000` for a slow relay), which is
 * the one place an operator tunes them (docs/operations.md, "Mail").
 */
export function smtpTransportOptions(url: string) {
  return {
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    logger: false,
  } as const;
}

/**
 * nodemailer to SMTP_URL when set; otherwise each message is written to
 * DATA_DIR/outbox/*.eml so a fresh install works without a mail server.
 * It logs nothing: the worker logs the kind and the recipient, never a body.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(smtpTransportOptions(config.smtpUrl));
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      describe: () => `SMTP ${new URL(config.smtpUrl!).host}`,
      done: 'mail sent',
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const part = path.join(outbox, `.${name}.part`);
      try {
        await fs.writeFile(part, info.message as Buffer);
        await fs.rename(part, path.join(outbox, name));
      } catch (err) {
        await fs.rm(part, { force: true });
        throw err;
      }
    },
    describe: () => `outbox ${outbox}`,
    done: 'mail written to the outbox folder',
    close: () => transport.close(),
  };
}

// overflow-wrap: a long address breaks instead of widening the mail past a phone's screen.
const PAGE_STYLE = 'font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;overflow-wrap:anywhere';

/**
 * Every mail ends with the firm's name, the one the public site shows: with a bare
 * no-reply address as MAIL_FROM, a code or a notice would not say who sent it.
 */
const SIGNATURE = `— ${SITE_NAME}`;

/**
 * A mail's text part with the signature. Applied once, by enqueueMail, which every mail
 * passes; the HTML part is signed by page(), which every HTML part is built with.
 */
export function signedText(text: string): string {
  return `${text}\n\n${SIGNATURE}`;
}

/** An http(s) address in running text; closing punctuation after it ends the sentence, not the address. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

/** A line of plain text with each address in it turned into a link (everything escaped by html``). */
const linked = (line: string) => {
  const pieces: unknown[] = [];
  let from = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    pieces.push(line.slice(from, match.index), html`<a href="${match[0]}" style="color:#c2410c">${match[0]}</a>`);
    from = match.index + match[0].length;
  }
  pieces.push(line.slice(from));
  return pieces;
};

/** A paragraph of plain text: escaped, its line breaks kept, its addresses links. */
const paragraph = (text: string) => html`<p>${text.split('\n').map((line, i) => (i ? [raw('<br>'), linked(line)] : linked(line)))}</p>`;

const page = (body: unknown) =>
  htmlText(
    html`<!doctype html>
      <html>
        <body style="${PAGE_STYLE}">
          ${body}
          <p style="color:#6b7280">${SIGNATURE}</p>
        </body>
      </html>`,
  );

/** Minimal HTML wrapper for the plain-text mails (codes, approval, notices). */
export function simpleHtml(paragraphs: string[]): string {
  return page(paragraphs.map(paragraph));
}

/**
 * A notice's text and HTML parts from the same paragraphs, ending with a link to
 * the exact screen: written out in the text part, a button-like anchor in HTML.
 */
export function noticeParts(paragraphs: string[], link: { label: string; url: string }): { text: string; html: string } {
  const text = [...paragraphs, `${link.label}: ${link.url}`].join('\n\n');
  const anchor = html`<p><a href="${link.url}" style="color:#c2410c;font-weight:600">${link.label}</a></p>
    <p style="color:#6b7280;font-size:13px"><a href="${link.url}" style="color:#6b7280">${link.url}</a></p>`;
  return { text, html: page([paragraphs.map(paragraph), anchor]) };
}

/**
 * What a mail to the firm about a client or a website visitor carries, so that Reply in
 * the office's mail program answers that person instead of MAIL_FROM (no-reply).
 */
export function replyToPerson(email: string): { replyTo: string } {
  return { replyTo: email };
}
