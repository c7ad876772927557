import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askForOutcomes } from '../../portal-api/src/modules/outcomes/outcomes.job.ts';
import { SITE_NAME } from '../../portal-api/src/shared/site-name.ts';
import { createClient, signInAdmin, startTestServer, type Mail, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { firmDayFromNow } from '../firm-days.ts';

// What the mails say: who a request is, which files came, who
// sent the mail, whom a reply reaches, and times a person reads. Read back from
// the real outbox (DATA_DIR/outbox/*.eml), text and HTML parts.

const COMPANY = 'desk@miami-estimating.test';
const PUBLIC = 'https://portal.estimating.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** 'Nov 26, 2026, 1:23 AM EST': the firm's wall clock with its zone (formatFirmTime). */
const FIRM_TIME = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T/;

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: COMPANY, PUBLIC_URL: PUBLIC });
  admin = await signInAdmin(server);
  client = await createClient(server, admin, { fullName: 'Dana Diaz' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server?.stop();
});

const day = firmDayFromNow;
const count = async () => (await server.outbox()).length;
const mailsSince = async (before: number, to: string): Promise<Mail[]> =>
  (await server.outbox()).slice(before).filter((m) => m.to.includes(to));

function filesForm(names: string[]) {
  const f = new FormData();
  for (const name of names) f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  return f;
}
async function setStatus(id: string, status: string) {
  expect((await server.call('PATCH', `/api/queries/${id}/status`, { json: { status }, token: admin })).status).toBe(200);
}
async function deliver(id: string, names: string[]) {
  expect((await server.call('POST', `/api/queries/${id}/deliverables`, { form: filesForm(names), token: admin })).status).toBe(201);
}
async function say(token: string, queryId: string, message: string) {
  const ws = await openSocket(server.url);
  sockets.push(ws);
  ws.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message }));
  await ws.next((f) => f.type === 'receiveMessage' && f.message.message === message);
  ws.ws.close();
}

describe('mails about a request', () => {
  it('tell the client of files added to an answered request: the request, its revision, the files and the link', async () => {
    const id = await submitQuery(server, client.token, 'Drywall takeoff', { projectName: 'Brickell Tower' });
    await setStatus(id, 'in_progress');
    let before = await count();
    await deliver(id, ['takeoff.pdf']); // before the answer: the 'estimate ready' mail will list it
    expect(await mailsSince(before, client.email)).toHaveLength(0);
    await setStatus(id, 'answered');

    before = await count();
    await deliver(id, ['costs.pdf', 'sheets.pdf']);
    const mails = await mailsSince(before, client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('More files for your estimate: Brickell Tower');
    expect(mails[0]!.text).toContain('We added 2 files to your estimate for Brickell Tower (Rev A): costs.pdf, sheets.pdf.');
    expect(mails[0]!.text).toContain(`${PUBLIC}/chat/${id}`);
    expect(mails[0]!.html).toContain(`href="${PUBLIC}/chat/${id}"`);
  });

  it("name the request in the team's chat reply notice", async () => {
    const id = await submitQuery(server, client.token, 'Roof framing for a warehouse', { projectName: 'Doral Depot' });
    const before = await count();
    await say(admin, id, 'Could you send the truss sheet?');
    const mails = await mailsSince(before, client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New reply to your estimate request: Doral Depot');
    expect(mails[0]!.text).toContain('Our estimating team replied to your request for Doral Depot:');
  });

  it('name a request without a project the same way in every mail: the start of its message', async () => {
    const before = await count();
    const id = await submitQuery(server, client.token, 'Stucco takeoff for Kendall townhouses');
    await setStatus(id, 'in_progress');
    await say(client.token, id, 'The elevations are on sheet A-201');
    await setStatus(id, 'closed');
    // The worker sends in its own order: the set of subjects is what counts.
    const subjects = (await server.outbox()).slice(before).map((m) => m.subject);
    expect(subjects.sort()).toEqual(
      [
        'New request from Dana Diaz: Stucco takeoff for Kendall townhouses',
        // A status reads in lower case mid-sentence.
        'Your request is now in progress: Stucco takeoff for Kendall townhouses',
        'New message from Dana Diaz: Stucco takeoff for Kendall townhouses',
        'Your request is now closed: Stucco takeoff for Kendall townhouses',
      ].sort(),
    );
  });

  it('ask no bid outcome of a request closed without an estimate, and offer none in the portal', async () => {
    const never = await submitQuery(server, client.token, 'Site work takeoff', { projectName: 'Never Estimated', bidDueDate: day(-3) });
    await setStatus(never, 'closed');
    const done = await submitQuery(server, client.token, 'Paving takeoff', { projectName: 'Estimated Then Closed', bidDueDate: day(-3) });
    await setStatus(done, 'in_progress');
    await deliver(done, ['paving.pdf']);
    await setStatus(done, 'answered');
    await setStatus(done, 'closed');

    const before = await count();
    await askForOutcomes(server.deps);
    const asks = (await mailsSince(before, client.email)).map((m) => m.subject);
    expect(asks).toEqual(['How did the bid go? Estimated Then Closed']);

    const read = async (id: string) => (await server.call('GET', `/api/queries/${id}`, { token: client.token })).body.data.outcome;
    expect(await read(never)).toMatchObject({ canRecord: false });
    expect(await read(done)).toMatchObject({ canRecord: true });
    const refused = await server.call('POST', `/api/queries/${never}/outcome`, { json: { outcome: 'won' }, token: client.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This request was closed without an estimate, so there is no bid outcome to record.');
  });

  it('to the firm about a client are answered to the client (Reply-To), through every step', async () => {
    const before = await count();
    const id = await submitQuery(server, client.token, 'Masonry takeoff', { projectName: 'Reply Plaza', bidDueDate: day(-2) });
    await say(client.token, id, 'Is the CMU count included?');
    const quote = async (price: number) =>
      (await server.call('POST', `/api/queries/${id}/quotes`, { json: { price }, token: admin })).body.data.quotes[0]._id as string;
    const declined = await quote(900);
    const decide = (quoteId: string, action: string, json: unknown) =>
      server.call('POST', `/api/quotes/${quoteId}/${action}`, { json, token: client.token });
    expect((await decide(declined, 'decline', { reason: 'Too high' })).status).toBe(200);
    expect((await decide(await quote(800), 'accept', { option: 'standard' })).status).toBe(200);
    await deliver(id, ['masonry.pdf']);
    await setStatus(id, 'answered');
    const reopen = await server.call('POST', `/api/queries/${id}/reopen`, {
      json: { reason: 'Add the garden walls' },
      token: client.token,
    });
    expect(reopen.status).toBe(200);
    const addendum = await server.call('POST', `/api/queries/${id}/addenda`, { form: filesForm(['walls.pdf']), token: client.token });
    expect(addendum.status).toBe(201);
    await deliver(id, ['masonry-b.pdf']);
    await setStatus(id, 'answered');
    const outcome = await server.call('POST', `/api/queries/${id}/outcome`, { json: { outcome: 'did_not_bid' }, token: client.token });
    expect(outcome.status).toBe(200);

    const mails = await mailsSince(before, COMPANY);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'New request from Dana Diaz: Reply Plaza',
        'New message from Dana Diaz: Reply Plaza',
        'Quote declined: Reply Plaza',
        'Quote accepted: Reply Plaza',
        'Revision requested (Rev B): Reply Plaza',
        'Addendum 1 added: Reply Plaza',
        // Reads well for every outcome: 'Bid won', 'Bid lost', 'Did not bid'.
        'Did not bid: Reply Plaza',
      ].sort(),
    );
    for (const mail of mails)
      expect({ subject: mail.subject, replyTo: mail.replyTo }).toEqual({ subject: mail.subject, replyTo: client.email });
    expect(mails.find((m) => m.subject === 'Did not bid: Reply Plaza')!.text).toContain('Dana Diaz did not bid on Reply Plaza.');
    // A mail to the client goes out without one (MAIL_FROM answers, as before).
    expect((await mailsSince(before, client.email)).map((m) => m.replyTo)).not.toContain(client.email);
  });

  it("give times on the firm's clock and bid days as calendar days, never ISO or UTC", async () => {
    const before = await count();
    const contact = { name: 'Luis Vega', email: 'luis@vega-builders.test', service: 'Concrete', message: 'Slab takeoff, please.' };
    expect((await server.call('POST', '/api/contact/submit', { json: contact })).status).toBe(201);
    const id = await submitQuery(server, client.token, 'Tile takeoff', { projectName: 'Coral Gables Villa', bidDueDate: '2027-03-05' });
    await say(client.token, id, 'Porcelain in the baths');
    const sent = (await server.call('POST', `/api/queries/${id}/quotes`, { json: { price: 700 }, token: admin })).body.data.quotes[0];
    const accepted = await server.call('POST', `/api/quotes/${sent._id}/accept`, { json: { option: 'standard' }, token: client.token });
    expect(accepted.status).toBe(200);

    const mails = await mailsSince(before, COMPANY);
    const text = (subject: string) => mails.find((m) => m.subject.startsWith(subject))!.text;
    expect(text('Website contact')).toMatch(new RegExp(`^Received: ${FIRM_TIME.source}$`, 'm'));
    expect(text('New request')).toContain('Bid due date: Mar 5, 2027\n');
    expect(text('New message')).toMatch(new RegExp(`^${FIRM_TIME.source}\\nPorcelain in the baths$`, 'm'));
    expect(text('Quote accepted')).toMatch(new RegExp(`Delivery is due ${FIRM_TIME.source}\\.`));
    for (const mail of mails) {
      expect(mail.text).not.toMatch(/\d{4}-\d\d-\d\d/);
      expect(mail.text).not.toMatch(/\bUTC\b/);
    }
  });

  it('are all signed with the firm name as the site shows it, in both parts: a sign-in code too', async () => {
    // The code is the mail a bare no-reply sender makes hardest to place.
    const visitor = { name: 'Eva Ruiz', email: 'eva@ruiz.test', service: 'Concrete', message: 'Our plans: https://plans.test/set.zip' };
    expect((await server.call('POST', '/api/contact/submit', { json: visitor })).status).toBe(201);
    const seen = await count();
    expect((await server.call('POST', '/api/auth/login', { json: { email: client.email, password: client.password } })).status).toBe(200);
    expect((await server.outbox()).slice(seen).some((m) => m.subject.startsWith('Your sign-in code'))).toBe(true);

    const mails = await server.outbox();
    const subjects = mails.map((m) => m.subject);
    for (const kind of ['Your sign-in code', 'Your account has been approved', 'Website contact', 'Your estimate is ready', 'New request'])
      expect(subjects.some((s) => s.startsWith(kind))).toBe(true);
    for (const mail of mails) {
      expect({ subject: mail.subject, end: mail.text.trimEnd().split('\n').at(-1) }).toEqual({
        subject: mail.subject,
        end: `— ${SITE_NAME}`,
      });
      expect(mail.html).toContain(`— ${SITE_NAME}`);
    }
  });

  it('link every address in their HTML parts', async () => {
    const mails = await server.outbox();
    expect(mails.some((m) => m.subject.startsWith('Website contact'))).toBe(true); // a visitor's address too
    for (const mail of mails) {
      // Outside its anchors, an HTML part names no address.
      const unlinked = mail.html.replace(/<a [^>]*>[^<]*<\/a>/g, '');
      expect({ subject: mail.subject, unlinked: unlinked.match(/https?:\/\/[^\s<"]+/g) }).toEqual({
        subject: mail.subject,
        unlinked: null,
      });
    }
    const ready = mails.find((m) => m.subject.startsWith('Your estimate is ready'))!;
    expect(ready.html).toContain(`<a href="${PUBLIC}/my-queries"`);
  });
});
