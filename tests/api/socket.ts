import { WebSocket } from 'ws';

// A /ws client for tests: every frame is kept, and next() waits for one that matches.

export type Socket = { ws: WebSocket; frames: any[]; next: (pred: (f: any) => boolean, ms?: number) => Promise<any> };

export async function openSocket(baseUrl: string): Promise<Socket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const frames: any[] = [];
  const waiters: Array<{ pred: (f: any) => boolean; resolve: (f: any) => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.pred(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (f: any) => boolean, ms = 5000) =>
    new Promise<any>((resolve, reject) => {
      const seen = frames.find(pred);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
      waiters.push({ pred, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  return { ws, frames, next };
}
