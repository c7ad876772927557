import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askForOutcomes } from '../../portal-api/src/modules/outcomes/outcomes.job.ts';
import { lastMonths, monthlyStats } from '../../portal-api/src/modules/outcomes/outcomes.repo.ts';
import { weeklyStats, weekStartOf } from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { firmDay } from '../../portal-api/src/shared/firm-time.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { firmDayFromNow } from '../firm-days.ts';

// Quotes, addenda, revisions, bid outcomes, reuse and monthly stats,
// over real HTTP on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let server: TestServer;
let admin: string;
let alice: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let services: any[];

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: 'estimating@example.com' });
  admin = await signInAdmin(server);
  alice = await createClient(server, admin, { fullName: 'Alice Rivera' });
  bob = await createClient(server, admin, { fullName: 'Bob Chen' });
  services = (await server.call('GET', '/api/services')).body;
});
afterAll(async () => {
  await server?.stop();
});

const day = firmDayFromNow;

async function submit(token: string, extra: Record<string, string> = {}, withFile = true) {
  const sub = services.find((s) => s.title === 'Sub-Contractor');
  const f = new FormData();
  f.append('message', extra.message ?? 'Concrete takeoff for a 3-story office in Hialeah.');
  f.append('service', sub._id);
  f.append('subService', sub.subservices.find((s: any) => s.title === 'Concrete')._id);
  for (const [k, v] of Object.entries(extra)) if (k !== 'message') f.append(k, v);
  if (withFile) f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plans.pdf');
  return server.call('POST', '/api/queries', { form: f, token });
}
async function newQuery(token: string, extra: Record<string, string> = {}) {
  const res = await submit(token, { projectName: 'Hialeah Office Building', ...extra });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const quote = (id: string, body: unknown, token = admin) => server.call('POST', `/api/queries/${id}/quotes`, { json: body, token });
const accept = (quoteId: string, option: string, token: string) =>
  server.call('POST', `/api/quotes/${quoteId}/accept`, { json: { option }, token });
const setStatus = (id: string, status: string, note?: string) =>
  server.call('PATCH', `/api/queries/${id}/status`, { json: { status, ...(note ? { note } : {}) }, token: admin });
function filesForm(names: string[], note?: string) {
  const f = new FormData();
  if (note) f.append('note', note);
  for (const name of names) f.append('files[]', new Blob([new Uint8Array(PDF)]), name);
  return f;
}
async function answer(id: string, file: string, note?: string) {
  expect((await server.call('POST', `/api/queries/${id}/deliverables`, { form: filesForm([file]), token: admin })).status).toBe(201);
  const res = await setStatus(id, 'answered', note);
  expect(res.status).toBe(200);
  return res.body.data;
}
async function mailsSince(count: number) {
  return (await server.outbox()).slice(count);
}

describe('project name and location', () => {
  it('stores them and leads the company mail; docs/product.md §7 clients without a name still submit', async () => {
    const before = (await server.outbox()).length;
    const q = await newQuery(alice.token, { location: 'Hialeah, FL' });
    expect(q).toMatchObject({ projectName: 'Hialeah Office Building', location: 'Hialeah, FL', deliveryDueAt: null, quotes: [] });
    expect(q.fileSets).toEqual([
      expect.objectContaining({ number: 0, label: 'Original', files: [expect.objectContaining({ name: 'plans.pdf' })] }),
    ]);
    const mail = (await mailsSince(before)).find((m) => m.to.includes('estimating@example.com'));
    expect(mail?.subject).toContain('Hialeah Office Building');

    const old = await submit(alice.token);
    expect(old.status).toBe(201);
    expect(old.body.data.projectName).toBeNull();
    const users = (await server.call('GET', '/api/users/with-queries', { token: admin })).body.users;
    expect(users.find((u: any) => u._id === alice.id).queries.find((x: any) => x._id === q._id).projectName).toBe(
      'Hialeah Office Building',
    );
  });
});

describe('quotes', () => {
  it('refuses bad prices and stores good ones as integer cents in USD', async () => {
    const q = await newQuery(alice.token);
    for (const price of [0, -5, '12.345', 'abc', '', '1e3', 1.005, '12,50', '1250,00', '1,2,5,0']) {
      const res = await quote(q._id, { price });
      expect(res.status, String(price)).toBe(400);
      expect(res.body.message).toMatch(/price in USD/);
    }
    // Over the largest price: the sentence says where the limit is.
    const huge = await quote(q._id, { price: 10_000_000.01 });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('at most $10,000,000');
    expect((await quote(q._id, { price: 100, currency: 'EUR' })).status).toBe(400);
    expect((await quote(q._id, { price: 100, rushPrice: 150, rushHours: 72 })).body.message).toMatch(/shorter/);
    const cheaperRush = await quote(q._id, { price: 1800, rushPrice: '1,250.00' });
    expect(cheaperRush.status).toBe(400);
    expect(cheaperRush.body.message).toBe('The rush price cannot be lower than the standard price.');
    expect((await quote(q._id, { price: 1250, rushPrice: 1250 })).status).toBe(201); // the same price is an offer
    const ok = await quote(q._id, { price: '1,250.5', rushPrice: 1800, note: 'Includes rebar.' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.quotes[0]).toMatchObject({
      state: 'sent',
      currency: 'USD',
      priceCents: 125050,
      standardHours: 48,
      rushPriceCents: 180000,
      rushHours: 24,
      note: 'Includes rebar.',
    });
    const row = await server.deps.db
      .selectFrom('quotes')
      .select(['price_cents', 'rush_price_cents'])
      .where('id', '=', ok.body.data.quotes[0]._id)
      .executeTakeFirstOrThrow();
    expect([Number(row.price_cents), Number(row.rush_price_cents)]).toEqual([125050, 180000]);
  });

  it('withdraws the old quote when a new one is sent; accepting the withdrawn one is 409', async () => {
    const q = await newQuery(alice.token);
    const first = (await quote(q._id, { price: 900 })).body.data.quotes[0];
    const second = await quote(q._id, { price: 950 });
    expect(second.body.data.quotes.map((x: any) => x.state)).toEqual(['sent', 'withdrawn']);
    const refused = await accept(first._id, 'standard', alice.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/withdrawn/);
  });

  it('accepts rush: who, when, delivery due = now + 24 h, pending → in_progress; a second acceptance is 409; mails and activities', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 1000, rushPrice: 1500 })).body.data.quotes[0];
    const before = (await server.outbox()).length;
    const t0 = Date.now();
    const res = await accept(sent._id, 'rush', alice.token);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('in_progress');
    expect(res.body.data.quotes[0]).toMatchObject({
      state: 'accepted',
      acceptedOption: 'rush',
      decidedBy: alice.id,
      decidedAt: expect.any(String),
    });
    const due = Date.parse(res.body.data.deliveryDueAt);
    expect(due - t0).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * 3600_000 + 1000);
    const again = await accept(sent._id, 'standard', alice.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been accepted/);
    const acceptedMail = (await mailsSince(before)).find(
      (m) => m.to.includes('estimating@example.com') && /Quote accepted/.test(m.subject),
    );
    // A time a person reads on the firm's clock ('Nov 25, 2026, 7:05 AM EST'), not an ISO string.
    expect(acceptedMail?.text).toMatch(/Delivery is due [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M E[SD]T\./);
    expect(acceptedMail?.text).not.toMatch(/\d{4}-\d\d-\d\dT/);
    const acts = (await server.call('GET', '/api/recent-activities', { token: alice.token })).body;
    expect(JSON.stringify(acts)).toContain('Quote accepted: rush');
    // One acceptance per request: no new quote once one is accepted (it could be accepted too).
    const second = await quote(q._id, { price: 900, standardHours: 240 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A quote for this request has already been accepted.');
    const after = (await server.call('GET', `/api/queries/${q._id}`, { token: alice.token })).body.data;
    expect(after.quotes.map((x: { state: string }) => x.state)).toEqual(['accepted']);
    expect(after.deliveryDueAt).toBe(res.body.data.deliveryDueAt);
  });

  it("tells who did what in the request's history: the client's acceptance, decline, addendum, revision and outcome are the client's", async () => {
    const q = await newQuery(alice.token, { bidDueDate: day(30) });
    const first = (await quote(q._id, { price: 800 })).body.data.quotes[0];
    expect(
      (await server.call('POST', `/api/quotes/${first._id}/decline`, { json: { reason: 'Too high' }, token: alice.token })).status,
    ).toBe(200);
    const second = (await quote(q._id, { price: 700 })).body.data.quotes[0];
    expect((await accept(second._id, 'standard', alice.token)).status).toBe(200);
    await answer(q._id, 'rev-a.xlsx');
    const addendum = await server.call('POST', `/api/queries/${q._id}/addenda`, {
      form: filesForm(['A-201 rev.pdf'], 'New ceiling heights'),
      token: alice.token,
    });
    expect(addendum.status).toBe(201);
    await answer(q._id, 'rev-b.xlsx');
    expect(
      (await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Add the parking deck' }, token: admin })).status,
    ).toBe(200);
    const history = (await server.call('GET', `/api/queries/${q._id}/workspace`, { token: admin })).body.data.history as Array<{
      activity: string;
      by: string;
    }>;
    const by = (prefix: string) => history.filter((h) => h.activity.startsWith(prefix)).map((h) => h.by);
    expect(by('Query submitted')).toEqual(['client']);
    expect(by('Quote sent')).toEqual(['firm', 'firm']);
    expect(by('Quote declined')).toEqual(['client']);
    expect(by('Quote accepted')).toEqual(['client']);
    expect(by('Addendum 1 added')).toEqual(['client']);
    // Rev B was asked for by the client's addendum, Rev C by the admin.
    expect(by('Revision requested')).toEqual(['client', 'firm']);
  });

  it('mails the client the quote, and refuses a rush acceptance without a rush option', async () => {
    const q = await newQuery(alice.token);
    const before = (await server.outbox()).length;
    const sent = (await quote(q._id, { price: 700 })).body.data.quotes[0];
    const mail = (await mailsSince(before)).find((m) => m.to.includes(alice.email));
    expect(mail?.subject).toBe('Your quote: Hialeah Office Building');
    expect(mail?.text).toContain('$700.00');
    expect((await accept(sent._id, 'rush', alice.token)).status).toBe(400);
  });

  it("answers 404 for another client's quote, and 403 when an admin tries to accept", async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 500 })).body.data.quotes[0];
    expect((await accept(sent._id, 'standard', bob.token)).status).toBe(404);
    expect((await server.call('POST', `/api/quotes/${sent._id}/decline`, { json: { reason: 'no' }, token: bob.token })).status).toBe(404);
    expect((await accept('nope', 'standard', alice.token)).status).toBe(404);
    expect((await accept(sent._id, 'standard', admin)).status).toBe(403);
    expect((await quote(q._id, { price: 500 }, alice.token)).status).toBe(403);
  });

  it('lets exactly one of many simultaneous acceptances through (two tabs, and another client)', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 1000, rushPrice: 1400 })).body.data.quotes[0];
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => accept(sent._id, i % 2 ? 'rush' : 'standard', alice.token)),
      accept(sent._id, 'standard', bob.token),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(statuses.at(-1)).toBe(404);
    const acts = await server.deps.db
      .selectFrom('activities')
      .select('activity')
      .where('query_id', '=', q._id)
      .where('activity', 'like', 'Quote accepted%')
      .execute();
    expect(acts).toHaveLength(1);
  });

  it('declines with a reason (required); a declined quote cannot be accepted', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 800 })).body.data.quotes[0];
    expect((await server.call('POST', `/api/quotes/${sent._id}/decline`, { json: { reason: '  ' }, token: alice.token })).status).toBe(400);
    const res = await server.call('POST', `/api/quotes/${sent._id}/decline`, { json: { reason: 'Over budget.' }, token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data.quotes[0]).toMatchObject({ state: 'declined', declineReason: 'Over budget.' });
    expect((await accept(sent._id, 'standard', alice.token)).status).toBe(409);
  });

  it('warns when the standard delivery would fall after the bid due date, and refuses quoting a closed request', async () => {
    const q = await newQuery(alice.token, { bidDueDate: day(1) });
    const res = await quote(q._id, { price: 600 });
    expect(res.status).toBe(201);
    // The day as the quote form shows it ('Nov 25, 2026'), not as stored.
    const [y, m, d] = day(1).split('-').map(Number);
    const shown = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]} ${d}, ${y}`;
    expect(res.body.warning).toMatch(new RegExp(`after the bid due date ${shown}\\.$`));
    expect((await quote((await newQuery(alice.token, { bidDueDate: day(10) }))._id, { price: 600 })).body.warning).toBeUndefined();
    expect((await setStatus(q._id, 'closed')).status).toBe(200);
    expect((await quote(q._id, { price: 600 })).status).toBe(409);
    // Closing withdrew the quote that was still waiting for the client.
    const closed = (await server.call('GET', `/api/queries/${q._id}`, { token: alice.token })).body.data;
    expect(closed.quotes.map((x: { state: string }) => x.state)).toEqual(['withdrawn']);
  });

  it('answering withdraws a quote still waiting for the client: no quote is left that neither side can act on', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 700 })).body.data.quotes[0];
    expect((await setStatus(q._id, 'in_progress')).status).toBe(200);
    await answer(q._id, 'estimate.pdf');
    const after = (await server.call('GET', `/api/queries/${q._id}`, { token: alice.token })).body.data;
    expect(after.quotes.map((x: { state: string }) => x.state)).toEqual(['withdrawn']);
    expect((await accept(sent._id, 'standard', alice.token)).status).toBe(409);
    expect(
      (await server.call('POST', `/api/quotes/${sent._id}/decline`, { json: { reason: 'Too late' }, token: alice.token })).status,
    ).toBe(409);
  });

  it('weighs the rush option against the bid due date too, when quoting and when the client accepts', async () => {
    const q = await newQuery(alice.token, { bidDueDate: day(2) });
    // Standard 4 days: late; rush 24 h: in time.
    const inTime = await quote(q._id, { price: 600, standardHours: 96, rushPrice: 900, rushHours: 24 });
    expect(inTime.status).toBe(201);
    expect(inTime.body.warning).toMatch(
      /^The standard delivery \(.+\) would fall after the bid due date .+\. The rush delivery \(.+ E[SD]T\) would be in time\.$/,
    );
    // Rush 3 days: late as well.
    const bothLate = await quote(q._id, { price: 600, standardHours: 96, rushPrice: 900, rushHours: 72 });
    expect(bothLate.body.warning).toMatch(/^Both deliveries would fall after the bid due date .+: standard .+ E[SD]T, rush .+ E[SD]T\.$/);
    const late = bothLate.body.data.quotes.find((x: { state: string }) => x.state === 'sent');
    const accepted = await accept(late._id, 'rush', alice.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.warning).toMatch(/^The accepted delivery \(.+ E[SD]T\) falls after the bid due date .+\.$/);

    // Accepted in time: no warning.
    const q2 = await newQuery(alice.token, { bidDueDate: day(2) });
    const sent = (await quote(q2._id, { price: 600, standardHours: 96, rushPrice: 900, rushHours: 24 })).body.data.quotes[0];
    const onTime = await accept(sent._id, 'rush', alice.token);
    expect(onTime.status).toBe(200);
    expect(onTime.body.warning).toBeUndefined();
  });

  it('pushes a queryLifecycle frame to the room on acceptance', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 1000 })).body.data.quotes[0];
    const socket = await openSocket(server.url);
    try {
      socket.ws.send(JSON.stringify({ type: 'joinRoom', token: admin, queryId: q._id }));
      await socket.next((f) => f.type === 'joined');
      await accept(sent._id, 'standard', alice.token);
      const frame = await socket.next((f) => f.type === 'queryLifecycle');
      // projectName names the request in the other side's in-app alert (queries.alerts.labels.ts).
      expect(frame).toMatchObject({
        queryId: q._id,
        event: 'quoteAccepted',
        status: 'in_progress',
        deliveryDueAt: expect.any(String),
        projectName: 'Hialeah Office Building',
        by: 'client',
      });
    } finally {
      socket.ws.terminate();
    }
  });
});

describe('revisions and addenda', () => {
  it('groups deliverables by revision; reopen (client, with reason) goes back to in_progress; the ready mail names the revision', async () => {
    const q = await newQuery(alice.token);
    expect((await setStatus(q._id, 'in_progress')).status).toBe(200);
    let before = (await server.outbox()).length;
    const a = await answer(q._id, 'takeoff-a.pdf');
    expect(a.revisions).toEqual([
      expect.objectContaining({
        letter: 'A',
        label: 'Rev A',
        answeredAt: expect.any(String),
        files: [expect.objectContaining({ name: 'takeoff-a.pdf' })],
      }),
    ]);
    expect(
      (await mailsSince(before)).find((m) => m.to.includes(alice.email) && m.subject.startsWith('Your estimate is ready: '))?.text,
    ).toContain('(Rev A)');

    // The status table still refuses answered → in_progress; only a reopen moves it back.
    expect((await setStatus(q._id, 'in_progress')).status).toBe(409);
    expect(
      (await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Add the garage.' }, token: bob.token })).status,
    ).toBe(404);
    expect((await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: '' }, token: alice.token })).status).toBe(400);
    before = (await server.outbox()).length;
    const reopened = await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Add the garage.' }, token: alice.token });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.status).toBe('in_progress');
    expect(reopened.body.data.revisions.map((r: any) => [r.letter, r.reason])).toEqual([
      ['A', null],
      ['B', 'Add the garage.'],
    ]);
    expect((await mailsSince(before)).some((m) => m.to.includes('estimating@example.com') && /Rev B/.test(m.subject))).toBe(true);
    // Reopening something not answered is refused.
    expect((await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'again' }, token: alice.token })).status).toBe(409);

    before = (await server.outbox()).length;
    const b = await answer(q._id, 'takeoff-b.pdf', 'Garage added.');
    expect(b.revisions.map((r: any) => [r.label, r.changeNote, r.files.map((f: any) => f.name)])).toEqual([
      ['Rev A', null, ['takeoff-a.pdf']],
      ['Rev B', 'Garage added.', ['takeoff-b.pdf']],
    ]);
    expect(b.deliverables.map((f: any) => f.name)).toEqual(['takeoff-a.pdf', 'takeoff-b.pdf']);
    const ready = (await mailsSince(before)).find((m) => m.to.includes(alice.email) && m.subject.startsWith('Your estimate is ready: '));
    expect(ready?.text).toContain('is ready (Rev B).');
    expect(ready?.text).toContain('What changed: Garage added.');
    expect(ready?.text).not.toContain('..');
    expect(ready?.text).toContain('takeoff-b.pdf');
    // Both revisions download.
    for (const rev of b.revisions) {
      const res = await fetch(`${server.url}${rev.files[0].url}`);
      expect(res.status).toBe(200);
    }

    // An admin may reopen too; a closed request stays closed.
    expect(
      (
        await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Our error in the slab.' }, token: admin })
      ).body.data.revisions.at(-1).letter,
    ).toBe('C');
    expect((await setStatus(q._id, 'closed')).status).toBe(200);
    const closed = await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'more' }, token: alice.token });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
  });

  it('gives a revision its own delivery due time (the accepted turnaround from the request), so the met one never shows it overdue', async () => {
    const q = await newQuery(alice.token);
    const sent = (await quote(q._id, { price: 1000, rushPrice: 1500, rushHours: 24 })).body.data.quotes[0];
    const accepted = await accept(sent._id, 'rush', alice.token);
    expect(accepted.status).toBe(200);
    const firstDue = Date.parse(accepted.body.data.deliveryDueAt);
    await answer(q._id, 'takeoff-a.pdf');
    // The first delivery's clock is pushed back a day, as if Rev A had been delivered long ago.
    await server.deps.db
      .updateTable('queries')
      .set({ delivery_due_at: new Date(firstDue - 86_400_000).toISOString() })
      .where('id', '=', q._id)
      .execute();
    const asked = Date.now();
    const reopened = await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Add the garage.' }, token: alice.token });
    expect(reopened.status).toBe(200);
    const revisionDue = Date.parse(reopened.body.data.deliveryDueAt);
    expect(revisionDue).toBeGreaterThanOrEqual(asked + 24 * 3_600_000);
    expect(revisionDue).toBeLessThan(Date.now() + 24 * 3_600_000 + 1_000);
    const workspace = await server.call('GET', `/api/queries/${q._id}/workspace`, { token: alice.token });
    expect(workspace.body.data.query.deliveryDueAt).toBe(reopened.body.data.deliveryDueAt);

    // Without an accepted quote there is no turnaround to count: no due time.
    const plain = await newQuery(alice.token);
    expect((await setStatus(plain._id, 'in_progress')).status).toBe(200);
    await answer(plain._id, 'takeoff.pdf');
    const again = await server.call('POST', `/api/queries/${plain._id}/reopen`, { json: { reason: 'More.' }, token: alice.token });
    expect(again.body.data.deliveryDueAt).toBeNull();
  });

  it("mails a revision answered without new files as such, not with an earlier revision's files", async () => {
    const q = await newQuery(alice.token);
    expect((await setStatus(q._id, 'in_progress')).status).toBe(200);
    await answer(q._id, 'takeoff-a.pdf');
    expect(
      (await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Check the totals' }, token: alice.token })).status,
    ).toBe(200);
    const before = (await server.outbox()).length;
    expect((await setStatus(q._id, 'answered', 'Totals checked, no change.')).status).toBe(200);
    const ready = (await mailsSince(before)).find((m) => m.to.includes(alice.email) && m.subject.startsWith('Your estimate is ready: '));
    expect(ready?.subject).toBe('Your estimate is ready: Hialeah Office Building');
    expect(ready?.text).toContain('No new files came with Rev B');
    expect(ready?.text).not.toContain('takeoff-a.pdf');
  });

  it('adds addenda as numbered sets; one on an answered request asks for a revision; closed refuses; others get 404', async () => {
    const q = await newQuery(alice.token);
    const before = (await server.outbox()).length;
    const first = await server.call('POST', `/api/queries/${q._id}/addenda`, {
      form: filesForm(['addendum-1.pdf'], 'Revised slab'),
      token: alice.token,
    });
    expect(first.status).toBe(201);
    expect(first.body.data.status).toBe('pending');
    expect(first.body.data.fileSets.map((s: any) => [s.label, s.note, s.files.map((f: any) => f.name)])).toEqual([
      ['Original', null, ['plans.pdf']],
      ['Addendum 1', 'Revised slab', ['addendum-1.pdf']],
    ]);
    expect(first.body.data.files.map((f: any) => f.name)).toEqual(['plans.pdf', 'addendum-1.pdf']);
    expect((await mailsSince(before)).some((m) => m.to.includes('estimating@example.com') && /Addendum 1 added/.test(m.subject))).toBe(
      true,
    );
    // The estimator's unread signal: the addendum is a client line in the chat.
    const chat = (await server.call('GET', `/api/chats/query/${q._id}/message`, { token: admin })).body;
    expect(chat.map((m: any) => m.message)).toContain('Addendum 1 added: addendum-1.pdf (Revised slab)');
    expect((await server.call('GET', `/api/queries/${q._id}/workspace`, { token: admin })).body.data.unread).toBe(1);

    expect((await server.call('POST', `/api/queries/${q._id}/addenda`, { form: filesForm(['x.pdf']), token: bob.token })).status).toBe(404);
    expect((await server.call('POST', `/api/queries/${q._id}/addenda`, { form: filesForm([]), token: alice.token })).status).toBe(400);

    await setStatus(q._id, 'in_progress');
    await answer(q._id, 'rev-a.pdf');
    const second = await server.call('POST', `/api/queries/${q._id}/addenda`, { form: filesForm(['addendum-2.pdf']), token: alice.token });
    expect(second.status).toBe(201);
    expect(second.body.message).toMatch(/Addendum 2 added\. Revision requested \(Rev B\)/);
    expect(second.body.data.status).toBe('in_progress');
    expect(second.body.data.revisions.at(-1)).toMatchObject({ letter: 'B', reason: 'Addendum 2' });
    // The firm's mail says the addendum reopened the answered request.
    const reopened = (await mailsSince(before)).find(
      (m) => m.to.includes('estimating@example.com') && m.subject.startsWith('Addendum 2 added, revision requested (Rev B)'),
    );
    expect(reopened?.text).toContain('this reopens it for Rev B: it is in progress again.');
    // Written in one step, they list in the order written, however close their times.
    for (let i = 0; i < 5; i++) {
      const history = (await server.call('GET', `/api/queries/${q._id}/workspace`, { token: admin })).body.data.history as Array<{
        activity: string;
      }>;
      expect(history.map((h) => h.activity).slice(-2)).toEqual(['Addendum 2 added', 'Revision requested: Rev B']);
    }

    await setStatus(q._id, 'closed');
    const closed = await server.call('POST', `/api/queries/${q._id}/addenda`, { form: filesForm(['late.pdf']), token: alice.token });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/closed/);
    const rows = await server.deps.db
      .selectFrom('query_files')
      .select('name')
      .where('query_id', '=', q._id)
      .where('name', '=', 'late.pdf')
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('bid outcome and monthly stats', () => {
  it('refuses an outcome before the bid date and before an answer; records once after it; 404 for others', async () => {
    const future = await newQuery(alice.token, { bidDueDate: day(3) });
    await setStatus(future._id, 'in_progress');
    await answer(future._id, 'est.pdf');
    const early = await server.call('POST', `/api/queries/${future._id}/outcome`, { json: { outcome: 'won' }, token: alice.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/after the bid due date/);

    const past = await newQuery(alice.token, { bidDueDate: day(-2) });
    const notAnswered = await server.call('POST', `/api/queries/${past._id}/outcome`, { json: { outcome: 'won' }, token: alice.token });
    expect(notAnswered.status).toBe(409);
    await setStatus(past._id, 'in_progress');
    const answered = await answer(past._id, 'est.pdf');
    expect(answered.outcome).toMatchObject({ value: null, canRecord: true });
    expect((await server.call('POST', `/api/queries/${past._id}/outcome`, { json: { outcome: 'won' }, token: bob.token })).status).toBe(
      404,
    );
    expect((await server.call('POST', `/api/queries/${past._id}/outcome`, { json: { outcome: 'maybe' }, token: alice.token })).status).toBe(
      400,
    );
    expect(
      (await server.call('POST', `/api/queries/${past._id}/outcome`, { json: { outcome: 'won', marginPct: 250 }, token: alice.token }))
        .status,
    ).toBe(400);
    const ok = await server.call('POST', `/api/queries/${past._id}/outcome`, {
      json: { outcome: 'won', marginPct: -3 },
      token: alice.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.outcome).toMatchObject({ value: 'won', marginPct: -3, canRecord: false });
    expect((await server.call('POST', `/api/queries/${past._id}/outcome`, { json: { outcome: 'lost' }, token: alice.token })).status).toBe(
      409,
    );
  });

  it('asks each client once by mail after the bid date', async () => {
    const q = await newQuery(bob.token, { bidDueDate: day(-2), projectName: 'Doral Warehouse' });
    await setStatus(q._id, 'in_progress');
    await answer(q._id, 'est.pdf');
    const before = (await server.outbox()).length;
    expect(await askForOutcomes(server.deps)).toBeGreaterThanOrEqual(1);
    await askForOutcomes(server.deps);
    const asks = (await mailsSince(before)).filter((m) => m.to.includes(bob.email) && m.subject === 'How did the bid go? Doral Warehouse');
    expect(asks).toHaveLength(1);
  });

  it('counts requests, turnaround, delivered-before-bid and win rate per month', async () => {
    const fresh = await startTestServer();
    try {
      const adm = await signInAdmin(fresh);
      const c = await createClient(fresh, adm);
      const svc = (await fresh.call('GET', '/api/services')).body.find((s: any) => s.title === 'General Contractor');
      const make = async (bidDueDate: string) => {
        const f = new FormData();
        f.append('message', 'Bid set');
        f.append('projectName', 'P');
        f.append('service', svc._id);
        f.append('subService', svc.subservices[0]._id);
        f.append('bidDueDate', bidDueDate);
        f.append('files[]', new Blob([new Uint8Array(PDF)]), 'p.pdf');
        const id = (await fresh.call('POST', '/api/queries', { form: f, token: c.token })).body.data._id;
        await fresh.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'in_progress' }, token: adm });
        await fresh.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'answered' }, token: adm });
        return id as string;
      };
      const won = await make(day(-2));
      const lost = await make(day(-2));
      await make(day(5));
      expect((await fresh.call('POST', `/api/queries/${won}/outcome`, { json: { outcome: 'won' }, token: c.token })).status).toBe(200);
      expect((await fresh.call('POST', `/api/queries/${lost}/outcome`, { json: { outcome: 'lost' }, token: c.token })).status).toBe(200);
      expect((await fresh.call('GET', '/api/queries/stats/monthly', { token: c.token })).status).toBe(403);
      for (const months of ['999', '0', 'x', '1.5']) {
        const bad = await fresh.call('GET', `/api/queries/stats/monthly?months=${months}`, { token: adm });
        expect(bad.status, months).toBe(400);
        expect(bad.body.message).toBe('Months must be a whole number from 1 to 36.');
      }
      const res = await fresh.call('GET', '/api/queries/stats/monthly?months=3', { token: adm });
      expect(res.status).toBe(200);
      expect(res.body.months).toHaveLength(3);
      const current = res.body.months.at(-1);
      expect(current).toMatchObject({
        month: firmDay(new Date()).slice(0, 7),
        received: 3,
        won: 1,
        lost: 1,
        didNotBid: 0,
        winRate: 0.5,
      });
      expect(current.medianTurnaroundHours).toBeGreaterThanOrEqual(0);
      // Answered today: before the bid date only for the one due in 5 days.
      expect(current.deliveredBeforeBidShare).toBeCloseTo(1 / 3);
      // The share's counts, as the win rate's, and the turnaround in whole minutes.
      expect(current).toMatchObject({ deliveredBeforeBid: 1, answeredWithBidDate: 3 });
      expect(Number.isInteger(current.medianTurnaroundMinutes)).toBe(true);
    } finally {
      await fresh.stop();
    }
  });
});

describe("stats count by the firm's (Miami) calendar, not UTC's", () => {
  it('names weeks and months as Miami does at the turn of a week and of a month', () => {
    // 10 PM on Sunday Nov 29 in Miami is already Monday Nov 30 in UTC; 10 PM on Nov 30, Dec 1.
    expect(weekStartOf(new Date('2026-11-30T03:00:00Z'))).toBe('2026-11-23');
    expect(weekStartOf(new Date('2026-11-30T05:00:00Z'))).toBe('2026-11-30');
    expect(lastMonths(3, new Date('2026-12-01T03:00:00Z'))).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(lastMonths(1, new Date('2027-01-01T05:00:00Z'))).toEqual(['2027-01']);
  });

  it('counts a request received on a Miami evening in the Miami week and month it was sent', async () => {
    const fresh = await startTestServer();
    try {
      const adm = await signInAdmin(fresh);
      const c = await createClient(fresh, adm);
      const svc = (await fresh.call('GET', '/api/services')).body.find((s: any) => s.title === 'General Contractor');
      const submit = async (createdAt: string) => {
        const f = new FormData();
        f.append('message', 'Sent in the evening');
        f.append('service', svc._id);
        f.append('subService', svc.subservices[0]._id);
        f.append('files[]', new Blob([new Uint8Array(PDF)]), 'p.pdf');
        const res = await fresh.call('POST', '/api/queries', { form: f, token: c.token });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        await fresh.deps.db.updateTable('queries').set({ created_at: createdAt }).where('id', '=', res.body.data._id).execute();
      };
      // 10 PM on Saturday Oct 31 in Miami (Nov 1, 02:00 UTC), and on Sunday Nov 29 (Nov 30, 03:00 UTC).
      await submit('2026-11-01T02:00:00.000Z');
      await submit('2026-11-30T03:00:00.000Z');
      const months = await monthlyStats(fresh.deps.db, 3, new Date('2026-12-15T12:00:00Z'));
      expect(months.map((m) => [m.month, m.received])).toEqual([
        ['2026-10', 1],
        ['2026-11', 1],
        ['2026-12', 0],
      ]);
      const weeks = await weeklyStats(fresh.deps.db, 2, new Date('2026-12-02T12:00:00Z'));
      expect(weeks.map((w) => [w.weekStart, w.total])).toEqual([
        ['2026-11-23', 1],
        ['2026-11-30', 0],
      ]);
    } finally {
      await fresh.stop();
    }
  });
});

describe('reuse these plans and the admin queue', () => {
  it("attaches earlier files by reference, stored once; another client's file is 404", async () => {
    const q = await newQuery(alice.token);
    const fileId = q.files[0]._id;
    const res = await submit(alice.token, { projectName: 'Phase 2', reuseFiles: fileId }, false);
    expect(res.status).toBe(201);
    expect(res.body.data.files.map((f: any) => f.name)).toEqual(['plans.pdf']);
    const keys = await server.deps.db
      .selectFrom('query_files')
      .select('storage_key')
      .where('query_id', 'in', [q._id, res.body.data._id])
      .execute();
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(1);
    const download = await fetch(`${server.url}${res.body.data.files[0].url}`);
    expect(download.status).toBe(200);
    expect((await submit(bob.token, { projectName: 'Steal', reuseFiles: fileId }, false)).status).toBe(404);
  });

  it("gives each queue row the request's own files and workflow, whole or summed up, on every sort, cursor and later page", async () => {
    // The queue reads them for a page of rows at once; GET /queries/{id} reads one request. Both must agree.
    const q = await newQuery(alice.token, { projectName: 'Same rows tower', bidDueDate: day(20) });
    const addendum = filesForm(['addendum-1.pdf', 'addendum-1b.pdf'], 'New slab');
    expect((await server.call('POST', `/api/queries/${q._id}/addenda`, { form: addendum, token: alice.token })).status).toBe(201);
    expect((await quote(q._id, { price: 1200, rushPrice: 1800 })).status).toBe(201);
    expect((await quote(q._id, { price: 1100 })).status).toBe(201); // the first is withdrawn
    expect((await setStatus(q._id, 'in_progress')).status).toBe(200);
    await answer(q._id, 'takeoff-a.pdf');
    expect(
      (await server.call('POST', `/api/queries/${q._id}/reopen`, { json: { reason: 'Add the pool.' }, token: alice.token })).status,
    ).toBe(200);
    const other = await newQuery(alice.token, { projectName: 'Same rows annex' }); // newer than the tower
    expect((await quote(other._id, { price: 900 })).status).toBe(201);
    expect((await quote(other._id, { price: 800 })).status).toBe(201); // the first is withdrawn, the newest sent

    // Signed links move on a 10-minute step; the rest must be equal.
    const unsigned = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/&exp=\d+&sig=[\w-]+/g, ''));
    const own = unsigned((await server.call('GET', `/api/queries/${q._id}`, { token: admin })).body.data);
    expect(own.fileSets.map((s: any) => s.files.length)).toEqual([1, 2]);
    expect(own.quotes.map((x: any) => x.state)).toEqual(['withdrawn', 'withdrawn']); // the answer withdrew the one still waiting
    expect(own.revisions.map((r: any) => [r.letter, r.files.length])).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
    const list = (query: string) => server.call('GET', `/api/queries?search=Same%20rows&${query}`, { token: admin });
    // A queue row is the request plus the firm's unread count of its chat (the addendum's line: 1)
    // and a summary of its workflow: two quotes, the newest withdrawn, one addendum, Rev A delivered.
    const lifecycle = { quotes: 2, quoteState: 'withdrawn', addenda: 1, delivered: true };
    const rowOf = (body: any) => {
      const { unread, lifecycle: summary, ...row } = unsigned(body.data.find((r: any) => r._id === q._id));
      expect(unread).toBe(1);
      expect(summary).toEqual(lifecycle);
      return row;
    };
    // In a page the workflow itself comes only when asked for; the rest of the row is the request's.
    const { quotes: _quotes, fileSets: _fileSets, revisions: _revisions, ...slim } = own;
    for (const sort of ['createdAt', 'bidDueDate', 'due']) {
      const res = await list(`sort=${sort}&pageSize=10&include=lifecycle`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: any) => r._id).sort()).toEqual([q._id, other._id].sort());
      expect(rowOf(res.body)).toEqual(own);
      expect(rowOf((await list(`sort=${sort}&pageSize=10`)).body)).toEqual(slim);
    }
    // Newest first: the annex, then the tower on page 2, reached by page number and by cursor.
    const first = (await list('pageSize=1')).body;
    expect(first.data.map((r: any) => r._id)).toEqual([other._id]);
    expect(first.data[0].lifecycle).toEqual({ quotes: 2, quoteState: 'sent', addenda: 0, delivered: false });
    expect(rowOf((await list('pageSize=1&page=2&include=lifecycle')).body)).toEqual(own);
    expect(rowOf((await list(`pageSize=1&cursor=${encodeURIComponent(first.nextCursor)}&include=lifecycle`)).body)).toEqual(own);
    expect(rowOf((await list(`pageSize=1&cursor=${encodeURIComponent(first.nextCursor)}`)).body)).toEqual(slim);
    // The unpaged list (every request) carries the workflow whole.
    expect(rowOf((await list('')).body)).toEqual(own);
    expect((await list('pageSize=1&include=everything')).status).toBe(400);
    // The due order on a later page: the dated tower first, the undated annex after it.
    expect((await list('sort=due&pageSize=1&page=2')).body.data.map((r: any) => r._id)).toEqual([other._id]);
  });

  it('sorts the queue by the earlier of the delivery due time and the bid due date', async () => {
    const late = await newQuery(bob.token, { projectName: 'Sort late', bidDueDate: day(30) });
    const soon = await newQuery(bob.token, { projectName: 'Sort soon', bidDueDate: day(30) });
    const sent = (await quote(soon._id, { price: 100, rushPrice: 200 })).body.data.quotes[0];
    expect((await accept(sent._id, 'rush', bob.token)).status).toBe(200);
    const page = (await server.call('GET', '/api/queries?sort=due&search=Sort&pageSize=100', { token: admin })).body;
    const order = page.data.map((q: any) => q._id).filter((id: string) => id === late._id || id === soon._id);
    expect(order).toEqual([soon._id, late._id]);
  });
});
