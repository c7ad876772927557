import { createRoute, z } from '@hono/zod-openapi';
import { html } from 'hono/html';
import type { Context } from 'hono';
import type { Deps } from '../../deps.ts';
import { replyToPerson, simpleHtml } from '../../lib/mail.ts';
import { clientIp } from '../../http/client-ip.ts';
import { HttpError, zodMessage } from '../../http/errors.ts';
import { createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { formatFirmTime } from '../../shared/firm-time.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { insertContactMessage, type StoredContactMessage } from './contact.repo.ts';
import { CONTACT_SUCCESS, type ContactMessage, ContactMessageSchema, ContactSubmittedSchema } from './contact.schema.ts';

export const CONTACT_LIMIT = { max: 5, refillSeconds: 120 } as const;

/** The contact sub-app: paths under /api (docs/product.md §7 "Contact"). */
export function contactRoutes({ db, config, rateLimits }: Deps) {
  // A person sends one or two enquiries; a script gets 5, then one every 2 minutes.
  const perIp = rateLimits.bucket('contact:ip', { burst: CONTACT_LIMIT.max, points: 1, perSeconds: CONTACT_LIMIT.refillSeconds });
  const send = async (c: Context, input: ContactMessage) => {
    const wait = await perIp.take(clientIp(c));
    if (wait) {
      throw new HttpError(429, 'You have sent several messages already. Please try again in a few minutes or call us.', {
        headers: { 'retry-after': String(wait) },
      });
    }
    // The enquiry and its mail are stored together; the outbox sends it, so an SMTP outage
    // neither slows this answer nor loses the mail.
    await db.transaction().execute(async (trx) => {
      const stored = await insertContactMessage(trx, input);
      await enqueueMail(trx, { kind: 'contact', to: config.companyEmail, ...replyToPerson(stored.email), ...contactMail(stored) });
    });
  };
  return (
    createRouter()
      .openapi(
        createRoute({
          method: 'post',
          path: '/contact/submit',
          tags: ['Contact'],
          summary: 'Sends the website contact form: stored, then e-mailed to COMPANY_EMAIL. Public.',
          request: jsonBody(ContactMessageSchema),
          responses: {
            201: jsonResponse(ContactSubmittedSchema, 'Stored (and mailed when COMPANY_EMAIL is set)'),
            400: { description: 'A field is missing or not valid; the message names it' },
            429: { description: 'Too many messages from this address (5, then one every 2 minutes)' },
          },
        }),
        async (c) => {
          await send(c, c.req.valid('json'));
          return c.json({ message: CONTACT_SUCCESS }, 201);
        },
      )
      // The same form posted by the browser itself: without JavaScript, or before /contactus has
      // hydrated its island (client:visible). Same checks, limit and mail; the answer is a page.
      .openapi(
        createRoute({
          method: 'post',
          path: '/contact/form',
          tags: ['Contact'],
          summary: 'Sends the contact form as the browser posts it (no JavaScript); answers a page. Public.',
          request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: ContactMessageSchema } } } },
          responses: {
            200: { description: 'Stored and mailed: a page saying so', content: { 'text/html': { schema: z.string() } } },
            400: { description: 'A field is missing or not valid: a page naming it', content: { 'text/html': { schema: z.string() } } },
            429: { description: 'Too many messages from this address (5, then one every 2 minutes)' },
          },
        }),
        async (c) => {
          await send(c, c.req.valid('form'));
          return c.html(answerPage(CONTACT_SUCCESS), 200);
        },
        (result, c) => {
          if (!result.success) return c.html(answerPage(zodMessage(result.error)), 400);
        },
      )
  );
}

/** The page a posted form gets: the sentence, and the way back to the form. */
function answerPage(sentence: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Contact Us</title>
      </head>
      <body>
        <main>
          <h1>Contact Us</h1>
          <p role="status">${sentence}</p>
          <p><a href="/contactus">Back to the contact page</a></p>
        </main>
      </body>
    </html>`;
}

function contactMail(m: StoredContactMessage) {
  const lines = [
    `Name: ${m.name}`,
    `E-mail: ${m.email}`,
    `Phone: ${m.phone ?? 'not given'}`,
    `Service: ${m.service}`,
    `Received: ${formatFirmTime(m.createdAt)}`,
    '',
    m.message,
  ];
  return {
    subject: `Website contact: ${m.service} (${m.name})`,
    text: lines.join('\n'),
    html: simpleHtml(lines.filter((l) => l !== '')),
  };
}
