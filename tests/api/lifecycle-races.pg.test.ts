import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// Lifecycle steps on one request that arrive at the same moment (two estimators, a
// double click, a client accepting while a new quote goes out), on both engines: each
// transaction locks the request's row first (db/row-lock.ts), so the second one waits
// and then sees what the first wrote. On PostgreSQL two addenda at once answered 500
// and lost one, and two quotes at once both stayed 'sent'.

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  client = await createClient(server, admin);
});
afterAll(async () => {
  await server?.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
function addendum(note: string) {
  const f = new FormData();
  f.append('note', note);
  f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `${note}.pdf`);
  return f;
}
const sendQuote = (id: string, price: number) => server.call('POST', `/api/queries/${id}/quotes`, { json: { price }, token: admin });
const quotesOf = async (id: string) =>
  (
    (await server.call('GET', `/api/queries/${id}`, { token: admin })).body.data.quotes as Array<{
      _id: string;
      state: string;
      priceCents: number;
    }>
  ).map((q) => [q.state, q.priceCents]);

describe('lifecycle steps that arrive together', () => {
  it('numbers addenda sent at once 1, 2, 3, each kept with its file', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submitQuery(server, client.token, `Addenda race ${round}`);
      const answers = await Promise.all(
        ['one', 'two', 'three'].map((note) =>
          server.call('POST', `/api/queries/${id}/addenda`, { form: addendum(note), token: client.token }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      const sets = (await server.call('GET', `/api/queries/${id}`, { token: client.token })).body.data.fileSets as Array<{
        label: string;
        note: string | null;
        files: Array<{ name: string }>;
      }>;
      expect(sets.map((s) => s.label)).toEqual(['Original', 'Addendum 1', 'Addendum 2', 'Addendum 3']);
      expect(
        sets
          .slice(1)
          .map((s) => [s.note, s.files.map((f) => f.name)])
          .sort(),
      ).toEqual([
        ['one', ['one.pdf']],
        ['three', ['three.pdf']],
        ['two', ['two.pdf']],
      ]);
    }
  });

  it('leaves one quote sent when two are sent at once', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submitQuery(server, client.token, `Quote race ${round}`);
      const answers = await Promise.all([sendQuote(id, 100), sendQuote(id, 200), sendQuote(id, 300)]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      const states = await quotesOf(id);
      expect(states.filter(([state]) => state === 'sent')).toHaveLength(1);
      expect(states.filter(([state]) => state === 'withdrawn')).toHaveLength(2);
    }
  });

  it('never leaves a quote sent beside an accepted one when a new quote crosses an acceptance', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await submitQuery(server, client.token, `Accept race ${round}`);
      const first = await sendQuote(id, 100);
      const quoteId = first.body.data.quotes[0]._id as string;
      const [accepted, sent] = await Promise.all([
        server.call('POST', `/api/quotes/${quoteId}/accept`, { json: { option: 'standard' }, token: client.token }),
        sendQuote(id, 200),
      ]);
      // One of the two wins; the other is refused with a sentence, never a 500.
      expect([accepted.status, sent.status].sort()).toEqual(accepted.status === 200 ? [200, 409] : [201, 409]);
      const states = await quotesOf(id);
      if (accepted.status === 200) expect(states).toEqual([['accepted', 10000]]);
      else expect(states.map(([state]) => state).sort()).toEqual(['sent', 'withdrawn']);
    }
  });

  it('closes or accepts, one after the other, when both arrive at once', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await submitQuery(server, client.token, `Close race ${round}`);
      const quoteId = (await sendQuote(id, 100)).body.data.quotes[0]._id as string;
      const [accepted, closed] = await Promise.all([
        server.call('POST', `/api/quotes/${quoteId}/accept`, { json: { option: 'standard' }, token: client.token }),
        server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'closed' }, token: admin }),
      ]);
      // Each is applied or refused with a sentence (the close that lost to the acceptance's
      // status change asks to reload); never a 500, and the quote never stays 'sent'.
      expect([200, 409]).toContain(accepted.status);
      expect([200, 409]).toContain(closed.status);
      if (closed.status === 409) expect(closed.body.message).toBe('This query was changed by someone else. Reload it and try again.');
      const after = (await server.call('GET', `/api/queries/${id}`, { token: admin })).body.data;
      expect(after.status).toBe(closed.status === 200 ? 'closed' : 'in_progress');
      expect(await quotesOf(id)).toEqual([[accepted.status === 200 ? 'accepted' : 'withdrawn', 10000]]);
    }
  });
});
