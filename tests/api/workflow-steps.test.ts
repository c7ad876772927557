import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { firmDayFromNow } from '../firm-days.ts';

// Every move of the bid workflow goes through the one step runner (queries.step.ts): each one,
// taken over real HTTP, writes its history line and its mail (through the real outbox) and, once
// committed, publishes its frame on the real /ws. The workspace lists the move before it is taken,
// as the browser reads it (site/features/request/moves.ts). SQLite, or PostgreSQL with TEST_DATABASE_URL.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PROJECT = 'Dockside Retail';

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
let socket: Socket;
let queryId: string;

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: 'estimating@example.com' });
  admin = await signInAdmin(server);
  client = await createClient(server, admin, { fullName: 'Ana Diaz' });
  const services = (await server.call('GET', '/api/services')).body;
  const form = new FormData();
  form.append('message', 'Shell takeoff for a two-storey retail building.');
  form.append('service', services.find((s: { title: string }) => s.title === 'Manufacturers')._id);
  form.append('projectName', PROJECT);
  // Two days ago: the bid outcome can be recorded once the request is answered.
  form.append('bidDueDate', firmDayFromNow(-2));
  form.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plans.pdf');
  const created = await server.call('POST', '/api/queries', { form, token: client.token });
  expect(created.status).toBe(201);
  queryId = created.body.data._id;
  socket = await openSocket(server.url);
  socket.ws.send(JSON.stringify({ type: 'joinRoom', token: admin, queryId }));
  await socket.next((f) => f.type === 'joined');
});
afterAll(async () => {
  socket?.ws.terminate();
  await server?.stop();
});

const workspace = async (token: string) => (await server.call('GET', `/api/queries/${queryId}/workspace`, { token })).body.data;
const sentQuote = async () => (await workspace(admin)).query.quotes.find((q: { state: string }) => q.state === 'sent')._id as string;
const sendQuote = () => server.call('POST', `/api/queries/${queryId}/quotes`, { json: { price: '1000' }, token: admin });
function files(name: string, note?: string) {
  const form = new FormData();
  if (note) form.append('note', note);
  form.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  return form;
}

type Expected = {
  move: string;
  quote?: boolean;
  token: () => string;
  take: (quoteId: string) => Promise<{ status: number }>;
  status: number;
  history: string;
  by: 'client' | 'firm';
  mail: { to: string; subject: string };
  frame: Record<string, unknown>;
};

/** Takes one move and checks all it leaves behind. */
async function walk(step: Expected) {
  const before = await workspace(step.token());
  const quoteId = step.quote ? await sentQuote() : undefined;
  expect(before.moves).toContainEqual(quoteId ? { move: step.move, quoteId } : { move: step.move });
  const mails = (await server.outbox()).length;
  const frames = socket.frames.length;

  const res = await step.take(quoteId ?? '');
  expect(res.status, step.move).toBe(step.status);

  const after = await workspace(admin);
  expect(after.history.at(-1), step.move).toMatchObject({ activity: step.history, by: step.by });
  const mail = (await server.outbox()).slice(mails);
  expect(mail, step.move).toHaveLength(1);
  expect(mail[0]).toMatchObject({ to: expect.stringContaining(step.mail.to), subject: step.mail.subject });
  const frame = await socket.next((f) => socket.frames.indexOf(f) >= frames && f.type === step.frame.type);
  expect(frame, step.move).toMatchObject({ queryId, ...step.frame });
}

describe('the step runner', () => {
  it('writes the history line, the mail and the frame of every workflow move', async () => {
    const firm = 'estimating@example.com';
    const status = (to: string) => () => server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: to }, token: admin });
    const byFirm = () => admin;
    const byClient = () => client.token;

    await walk({
      move: 'start',
      token: byFirm,
      take: status('in_progress'),
      status: 200,
      history: 'Query marked In Progress',
      by: 'firm',
      mail: { to: client.email, subject: `Your request is now in progress: ${PROJECT}` },
      frame: { type: 'queryStatus', status: 'in_progress' },
    });
    await walk({
      move: 'quote',
      token: byFirm,
      take: sendQuote,
      status: 201,
      history: 'Quote sent: $1,000.00',
      by: 'firm',
      mail: { to: client.email, subject: `Your quote: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'quoteSent', by: 'admin', projectName: PROJECT },
    });
    await walk({
      move: 'withdraw',
      quote: true,
      token: byFirm,
      take: (id) => server.call('POST', `/api/quotes/${id}/withdraw`, { token: admin }),
      status: 200,
      history: 'Quote withdrawn',
      by: 'firm',
      mail: { to: client.email, subject: `Quote withdrawn: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'quoteWithdrawn', by: 'admin' },
    });
    expect((await sendQuote()).status).toBe(201);
    await walk({
      move: 'decline',
      quote: true,
      token: byClient,
      take: (id) => server.call('POST', `/api/quotes/${id}/decline`, { json: { reason: 'Over budget.' }, token: client.token }),
      status: 200,
      history: 'Quote declined',
      by: 'client',
      mail: { to: firm, subject: `Quote declined: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'quoteDeclined', by: 'client' },
    });
    expect((await sendQuote()).status).toBe(201);
    await walk({
      move: 'accept',
      quote: true,
      token: byClient,
      take: (id) => server.call('POST', `/api/quotes/${id}/accept`, { json: { option: 'standard' }, token: client.token }),
      status: 200,
      history: 'Quote accepted: standard ($1,000.00)',
      by: 'client',
      mail: { to: firm, subject: `Quote accepted: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'quoteAccepted', status: 'in_progress', deliveryDueAt: expect.any(String) },
    });
    await walk({
      move: 'addendum',
      token: byClient,
      take: () =>
        server.call('POST', `/api/queries/${queryId}/addenda`, { form: files('rev-2.pdf', 'New grid lines'), token: client.token }),
      status: 201,
      history: 'Addendum 1 added',
      by: 'client',
      mail: { to: firm, subject: `Addendum 1 added: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'addendumAdded', by: 'client' },
    });
    expect((await server.call('POST', `/api/queries/${queryId}/deliverables`, { form: files('takeoff.pdf'), token: admin })).status).toBe(
      201,
    );
    await walk({
      move: 'answer',
      token: byFirm,
      take: status('answered'),
      status: 200,
      history: 'Query marked Answered',
      by: 'firm',
      mail: { to: client.email, subject: `Your estimate is ready: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'answered', status: 'answered', by: 'admin' },
    });
    await walk({
      move: 'reopen',
      token: byClient,
      take: () => server.call('POST', `/api/queries/${queryId}/reopen`, { json: { reason: 'Add the canopy.' }, token: client.token }),
      status: 200,
      history: 'Revision requested: Rev B',
      by: 'client',
      mail: { to: firm, subject: `Revision requested (Rev B): ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'reopened', status: 'in_progress', by: 'client' },
    });
    expect((await status('answered')()).status).toBe(200);
    await walk({
      move: 'outcome',
      token: byClient,
      take: () => server.call('POST', `/api/queries/${queryId}/outcome`, { json: { outcome: 'won' }, token: client.token }),
      status: 200,
      history: 'Bid outcome: Won',
      by: 'client',
      mail: { to: firm, subject: `Bid won: ${PROJECT}` },
      frame: { type: 'queryLifecycle', event: 'outcomeRecorded', by: 'client' },
    });
    await walk({
      move: 'close',
      token: byFirm,
      take: status('closed'),
      status: 200,
      history: 'Query marked Closed',
      by: 'firm',
      mail: { to: client.email, subject: `Your request is now closed: ${PROJECT}` },
      frame: { type: 'queryStatus', status: 'closed' },
    });

    // Closed is final: no move is left to either side, and a refused move writes nothing.
    expect((await workspace(admin)).moves).toEqual([]);
    expect((await workspace(client.token)).moves).toEqual([]);
    const lines = (await workspace(admin)).history.length;
    const mails = (await server.outbox()).length;
    const refused = await server.call('POST', `/api/queries/${queryId}/reopen`, { json: { reason: 'Again' }, token: client.token });
    expect(refused.status).toBe(409);
    expect((await workspace(admin)).history).toHaveLength(lines);
    expect(await server.outbox()).toHaveLength(mails);
  });
});
