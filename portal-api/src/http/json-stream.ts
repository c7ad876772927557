import type { Context, TypedResponse } from 'hono';

// Batches of every streamed list take turns: one batch per turn of the event loop, whichever
// list it belongs to. With a plain setImmediate per stream, ten lists queued ten batches for the
// same turn and a health probe waited behind all of them; through this queue it waits for one.
const waiting: Array<() => void> = [];
let scheduled = false;
function runOne(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}
function schedule(): void {
  scheduled = true;
  setImmediate(runOne);
}
/** Resolves on a later turn of the event loop, after the batches queued before it, one per turn. */
function turn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}

/**
 * Answers `{"<key>": [rows…], …rest}` with the rows produced in batches. Each batch is read and
 * serialised on its own in its turn (above), and the next batch is read only when the socket has
 * taken the last (a ReadableStream pulls on demand). A list of
 * thousands of rows then never holds other requests, sockets or jobs for longer than one batch:
 * built whole, an unpaged list of 10,000 requests held the one event loop for over half a second.
 *
 * The first batch is read before the answer starts, so a bad filter or a failing database still
 * answers with its own status; a failure later can only cut the stream (the status is sent).
 * `rest` gets the number of rows sent, for lists that state their own size.
 */
export async function streamJsonList<T>(
  c: Context,
  key: string,
  batches: AsyncIterable<unknown[]>,
  rest: (count: number) => Record<string, unknown> = () => ({}),
): Promise<Response & TypedResponse<T, 200, 'json'>> {
  const iterator = batches[Symbol.asyncIterator]();
  await turn();
  let pending: IteratorResult<unknown[]> | null = await iterator.next();
  const encoder = new TextEncoder();
  let count = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`{${JSON.stringify(key)}:[`));
    },
    async pull(controller) {
      try {
        // An empty batch (the short page after a list of whole batches, or rows all sent before)
        // is read past within this pull: a pull that enqueues nothing while a read waits is not
        // called again, and the answer would never end.
        for (;;) {
          const next = pending ?? (await turn(), await iterator.next());
          pending = null;
          if (next.done) {
            const tail = JSON.stringify(rest(count));
            controller.enqueue(encoder.encode(tail === '{}' ? ']}' : `],${tail.slice(1)}`));
            controller.close();
            return;
          }
          let text = '';
          for (const row of next.value) text += (count++ ? ',' : '') + JSON.stringify(row);
          if (text) return controller.enqueue(encoder.encode(text));
        }
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return c.body(stream, 200, { 'content-type': 'application/json' }) as unknown as Response & TypedResponse<T, 200, 'json'>;
}

/**
 * Pages of an offset-paged loader until one comes back short. `key` names a row so that a row a
 * concurrent write moved into the next page is sent once only.
 */
export async function* offsetBatches<R>(
  load: (limit: number, offset: number) => Promise<R[]>,
  key: (row: R) => string,
  size = LIST_BATCH,
): AsyncGenerator<R[]> {
  const seen = new Set<string>();
  for (let offset = 0; ; offset += size) {
    const rows = await load(size, offset);
    yield rows.filter((row) => !seen.has(key(row)) && seen.add(key(row)));
    if (rows.length < size) return;
  }
}

/** Rows per batch: a few milliseconds of work each on an idle machine. */
export const LIST_BATCH = 50;
