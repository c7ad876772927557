import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { upsertAdminRow } from '../../portal-api/src/modules/users/users.repo.ts';
import { ContactMessageSchema } from '../../portal-api/src/modules/contact/contact.schema.ts';

const COMPANY = 'estimates@miami-estimating.test';
const valid = {
  name: 'Maria Delgado',
  email: 'maria@delgado-builders.com',
  phone: '+1 (305) 555-0142',
  service: 'Concrete',
  message: 'We are bidding a 4-story parking garage in Doral and need a concrete and rebar takeoff by Friday.',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: COMPANY });
});
afterAll(async () => {
  await server?.stop();
});

const submit = (json: unknown) => server.call('POST', '/api/contact/submit', { json });

describe('POST /api/contact/submit', () => {
  it('stores the message and e-mails COMPANY_EMAIL', async () => {
    const res = await submit(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Message sent successfully!' });

    const rows = await server.deps.db.selectFrom('contact_messages').selectAll().where('email', '=', valid.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: valid.name, phone: valid.phone, service: valid.service, message: valid.message });
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const mails = (await server.outbox()).filter((m) => m.to.includes(COMPANY));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Concrete');
    expect(mails[0]!.subject).toContain(valid.name);
    for (const part of [valid.email, valid.phone, 'parking garage in Doral']) expect(mails[0]!.text).toContain(part);
    // Reply in the office's mail program goes to the visitor, not to the no-reply sender.
    expect(mails[0]!.raw).toMatch(/^Reply-To: maria@delgado-builders\.com\r?$/im);
    expect(mails[0]!.raw).toMatch(/^From: no-reply@localhost\r?$/im);
  });

  it('accepts an office number with an extension, and still refuses what is no number', async () => {
    // The schema for each spelling (the endpoint is rate limited), then one through the endpoint.
    for (const phone of ['305 555 0100 ext 12', '(305) 555-0100 x12', '+1 305-555-0100 Ext. 4', '3055550100#7']) {
      expect(ContactMessageSchema.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
    for (const phone of ['ext 12', '305 x12', 'call me x12', '305-555-0100 ext']) {
      const parsed = ContactMessageSchema.safeParse({ ...valid, phone });
      expect(parsed.error?.issues[0]?.message, phone).toBe('Please enter a valid phone number.');
    }
    const res = await submit({ ...valid, phone: '305 555 0100 ext 12', email: 'extension@example.com' });
    expect(res.status).toBe(201);
  });

  it('accepts a message without a phone number and trims the fields', async () => {
    const res = await submit({ ...valid, email: '  sam@keysroofing.com ', phone: '', name: '  Sam Ortiz ' });
    expect(res.status).toBe(201);
    const row = await server.deps.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'sam@keysroofing.com')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Sam Ortiz');
    expect(row.phone).toBeNull();

    const { phone: _omitted, ...withoutPhone } = valid;
    expect((await submit({ ...withoutPhone, email: 'nophone@example.com' })).status).toBe(201);
  });

  it.each([
    ['name', { name: undefined }, 'Please enter your name.'],
    ['blank name', { name: '   ' }, 'Please enter your name.'],
    ['email', { email: undefined }, 'Please enter your e-mail address.'],
    ['malformed email', { email: 'maria@localhost' }, 'Please enter a valid e-mail address.'],
    ['service', { service: '' }, 'Please choose a service.'],
    ['message', { message: ' ' }, 'Please write a message.'],
    ['phone', { phone: 'call me' }, 'Please enter a valid phone number.'],
    ['long name', { name: 'x'.repeat(121) }, 'Your name can be at most 120 characters.'],
    ['long message', { message: 'x'.repeat(5001) }, 'Your message can be at most 5,000 characters.'],
    ['wrong type', { message: 42 }, 'Please write a message.'],
    ['newline in name', { name: 'Eve\nBcc: victim@example.com' }, 'Please enter your name on one line.'],
  ])('refuses a missing or invalid %s with 400 and a sentence', async (_label, patch, message) => {
    const before = (await server.outbox()).length;
    const res = await submit({ ...valid, ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'invalid_input' });
    expect((await server.outbox()).length).toBe(before);
  });

  it('never answers 500 to malformed bodies', async () => {
    const bodies: Array<[string, string]> = [
      ['application/json', '{not json'],
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', '"text"'],
      ['text/plain', 'name=x'],
      ['application/x-www-form-urlencoded', 'name=a&email=b'],
    ];
    for (const [type, body] of bodies) {
      const res = await server.call('POST', '/api/contact/submit', { body, headers: { 'content-type': type } });
      expect(res.status, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body}`).toBeLessThan(500);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) });
    }
  });

  it('is listed in the OpenAPI document as public', async () => {
    const res = await server.call('GET', '/api/openapi.json');
    expect(res.body.paths['/contact/submit'].post.summary).toMatch(/Public\./);
  });
});

describe('without COMPANY_EMAIL or ADMIN_EMAIL', () => {
  it('stores the message, answers 201, and mails the admin accounts once there is one', async () => {
    const bare = await startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    try {
      const res = await bare.call('POST', '/api/contact/submit', { json: valid });
      expect(res.status).toBe(201);
      expect(await bare.deps.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
      // No admin account yet: nothing goes out; the mail waits in the outbox for its next try.
      expect(await bare.outbox()).toHaveLength(0);
      // An admin made with create-admin (as README's install does): the next try reaches them.
      await upsertAdminRow(bare.deps.db, { email: 'owner@example.com', fullName: 'Owner', passwordHash: 'x' });
      await bare.deps.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(0).toISOString() })
        .execute();
      const sent = await bare.outbox();
      expect(sent.map((m) => m.to)).toEqual(['owner@example.com']);
      expect(sent[0]!.subject).toContain(valid.name);
    } finally {
      await bare.stop();
    }
  });
});
