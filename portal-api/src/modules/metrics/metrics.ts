import type { Server } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../../db/database.ts';
import { outboxBacklog } from '../outbox/outbox.repo.ts';
import { countPendingSheetIndex } from '../sheet-index/sheet-index.repo.ts';

// One registry per server (the API tests run several in one process), read by GET /metrics
// (metrics.routes.ts). Names and units follow https://prometheus.io/docs/practices/naming/.

type Sources = { db: DB; webSockets: () => number };

export class Metrics {
  readonly registry = new Registry();
  private server: Server | null = null;
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** Bytes announced (Content-Length) by upload requests still being received. */
  readonly uploadBytesInFlight = new Gauge({
    name: 'upload_bytes_in_flight',
    help: 'Bytes announced by upload requests (multipart and tus PATCH) still being received',
    registers: [this.registry],
  });

  constructor(sources: Sources) {
    collectDefaultMetrics({ register: this.registry });
    const server = () => this.server;
    new Gauge({
      name: 'open_sockets',
      help: 'Open client connections: HTTP (keep-alive included) and chat WebSockets',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      async collect() {
        const s = server();
        const http = s ? await new Promise<number>((resolve) => s.getConnections((err, n) => resolve(err ? 0 : n))) : 0;
        this.set({ kind: 'http' }, http);
        this.set({ kind: 'websocket' }, sources.webSockets());
      },
    });
    // The outbox is read once per scrape for both of its gauges.
    let backlog: ReturnType<typeof outboxBacklog> | null = null;
    const readBacklog = () => (backlog ??= outboxBacklog(sources.db).finally(() => setImmediate(() => (backlog = null))));
    new Gauge({
      name: 'outbox_pending_mails',
      help: 'Mails in the outbox not sent yet (retries included)',
      registers: [this.registry],
      async collect() {
        this.set((await readBacklog()).pending);
      },
    });
    new Gauge({
      name: 'outbox_oldest_unsent_seconds',
      help: 'Age of the oldest unsent mail; 0 when none waits',
      registers: [this.registry],
      async collect() {
        this.set((await readBacklog()).oldestUnsentSeconds);
      },
    });
    new Gauge({
      name: 'sheet_index_pending_files',
      help: 'Stored files waiting for their sheet index to be read',
      registers: [this.registry],
      async collect() {
        this.set(await countPendingSheetIndex(sources.db));
      },
    });
  }

  /** The listening HTTP server, whose connections `open_sockets{kind="http"}` counts. */
  watch(server: Server): void {
    this.server = server;
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }
}
