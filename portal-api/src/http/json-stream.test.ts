import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LIST_BATCH, offsetBatches, streamJsonList } from './json-stream.ts';

type Row = { _id: string };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ _id: `r${i}` }));

/** An app answering `list` as {data, total} through streamJsonList, with offsetBatches over it. */
function appOver(list: Row[] | (() => AsyncIterable<Row[]>)) {
  const app = new Hono();
  app.get('/', (c) => {
    const batches =
      typeof list === 'function'
        ? list()
        : offsetBatches(
            async (limit, offset) => list.slice(offset, offset + limit),
            (r) => r._id,
          );
    return streamJsonList(c, 'data', batches, (n) => ({ total: n }));
  });
  return app;
}

/**
 * Reads a body the way a socket under backpressure does: the next read only after a pause, so
 * each of the stream's pulls has finished before the next read comes. Gives up after `ms`.
 */
async function readSlowly(res: Response, ms = 3000): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const next = await Promise.race([
      reader.read(),
      new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), Math.max(0, deadline - Date.now()))),
    ]);
    if (next === 'stalled') throw new Error(`the answer stalled after ${text.length} bytes`);
    if (next.done) return text;
    text += decoder.decode(next.value, { stream: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('streamJsonList', () => {
  // The last batch of a list of exactly n batches comes back empty: a pull that enqueued nothing
  // was never called again, and the answer stopped short of its end (a client with 200 requests
  // waited forever for GET /api/queries/me).
  it.each([LIST_BATCH, 2 * LIST_BATCH, 4 * LIST_BATCH])('ends a list of exactly %i rows, read slowly', async (n) => {
    const res = await appOver(rows(n)).request('/');
    const body = JSON.parse(await readSlowly(res));
    expect(body.total).toBe(n);
    expect(body.data.map((r: Row) => r._id)).toEqual(rows(n).map((r) => r._id));
  });

  it('ends a list whose batches are all empty, or empty between full ones', async () => {
    const gen = (batches: Row[][]) =>
      async function* () {
        for (const b of batches) yield b;
      };
    const empty = JSON.parse(await readSlowly(await appOver(gen([[], [], []])).request('/')));
    expect(empty).toEqual({ data: [], total: 0 });
    const between = JSON.parse(await readSlowly(await appOver(gen([rows(2), [], [], [{ _id: 'x' }], []])).request('/')));
    expect(between).toEqual({ data: [{ _id: 'r0' }, { _id: 'r1' }, { _id: 'x' }], total: 3 });
  });

  it('sends a row that a write moved into the next batch once only', async () => {
    // Offset pages over a list that gains a row at its head between two batches.
    const list = rows(LIST_BATCH + 10);
    let loads = 0;
    const app = appOver(() =>
      offsetBatches(
        async (limit, offset) => {
          if (loads++ === 1) list.unshift({ _id: 'new' });
          return list.slice(offset, offset + limit);
        },
        (r) => r._id,
      ),
    );
    const body = JSON.parse(await readSlowly(await app.request('/')));
    const ids = body.data.map((r: Row) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(LIST_BATCH + 10);
    expect(body.total).toBe(LIST_BATCH + 10);
  });
});
