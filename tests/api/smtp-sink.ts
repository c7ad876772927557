import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseEml } from './harness.ts';

// Real SMTP servers on loopback for the mail tests: one that records what it
// accepts (and can refuse everything for a while), and one that accepts the
// TCP connection and never says a word.

export type Received = { to: string[]; raw: string; subject: string; text: string };

export type SmtpSink = {
  port: number;
  url: string;
  received: Received[];
  /** While true, every recipient is refused with a temporary 451 (the mail is not accepted). */
  refusing: boolean;
  /** How many times a recipient was refused. */
  refusals: number;
  waitFor: (count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
};

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sink = { received: [] as Received[], refusing: false, refusals: 0 } as SmtpSink;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!sink.refusing) return callback();
      sink.refusals += 1;
      callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        sink.received.push({ ...parseEml(raw.replace(/\r\n/g, '\n')), to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.waitFor = async (count, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (sink.received.length < count) {
      if (Date.now() > until) throw new Error(`SMTP sink got ${sink.received.length} of ${count} mails in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return sink.received;
  };
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/** Accepts TCP connections and never answers (no greeting): the hung mail server. */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
