import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { ApiError, errorCode, serverMessage } from './api.ts';
import { withOfflineReason } from './offline.ts';

// Each picked file goes up on its own through tus (docs/product.md §14). tus-js-client
// keeps a fingerprint of each unfinished upload in localStorage, so picking
// the same file again after a reload or a dropped connection continues from
// the server's offset instead of starting over. While the browser is offline
// (tus does not retry then) an upload waits for the connection and goes on
// by itself. The tus client and its wiring (tus-upload.ts) load with the first upload, not
// with the form (first-load JavaScript, docs/performance.md).

export type FileProgress = {
  sent: number;
  total: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
  done: boolean;
  /** Offline: waiting for the connection, then it goes on by itself. */
  waiting?: boolean;
  /** The batch failed before this file was whole: what was sent stays, and the next submit goes on from it. */
  stopped?: boolean;
};
type Picked = { id: string; file: File };

/** A file's progress with nothing moving: what it had, or nothing sent yet. */
const idle = (now: FileProgress | undefined, file: File): FileProgress => ({
  ...(now ?? { sent: 0, total: file.size, done: false }),
  bytesPerSecond: 0,
  secondsLeft: null,
});

/** Said while an upload waits offline (each form shows it beside its progress). */
export const UPLOAD_WAITING = 'You are offline. The upload will go on by itself when the connection is back.';

type TusResponse = { getStatus(): number; getBody(): string };

/** A file whose upload stopped without a refusal (the connection dropped): submitting again resumes it. */
export class UploadStopped extends Error {
  constructor(name: string) {
    super(`${name}: the upload stopped. Check your connection and submit again to resume.`);
  }
}

/**
 * Why an upload failed: the server's {message} (a refused file is named in it) as the
 * ApiError every form shows, like lib/api.ts's; else UploadStopped naming the file.
 */
export function uploadFailure(err: unknown, name: string): Error {
  const res = (err as { originalResponse?: TusResponse | null }).originalResponse;
  const body = res?.getBody();
  try {
    const message = body ? (JSON.parse(body) as { message?: unknown }).message : undefined;
    if (res && typeof message === 'string' && message) return new ApiError(res.getStatus(), message, body);
  } catch {
    // not JSON
  }
  return new UploadStopped(name);
}

/**
 * What a form that uploads says when its submit failed, the same way on every such form: the
 * server's sentence, or the sentence of the upload that stopped (which says how to resume), else
 * the form's docs/product.md §8 fallback (`'Failed to create query'`, `'Something went wrong'`).
 */
export function submitFailure(err: unknown, fallback: string): string {
  if (err instanceof UploadStopped) return err.message;
  return serverMessage(err) || withOfflineReason(fallback);
}

export function useResumableUploads(token: string | null) {
  const [progress, setProgress] = useState<Record<string, FileProgress>>({});
  const running = useRef<Upload[]>([]);
  // Files already sent whole, by the File picked: a submit that failed for another reason
  // (another file refused, a field) sends them again as the same uploads, not from zero.
  const finished = useRef(new WeakMap<File, string>());
  // Ends the waits for the connection of the uploads in flight (another file refused, the form gone).
  const batch = useRef(new AbortController());
  useEffect(() => () => batch.current.abort(), []);

  const setWaiting = (picked: Picked, waiting: boolean) =>
    setProgress((p) => {
      return { ...p, [picked.id]: { ...idle(p[picked.id], picked.file), waiting } };
    });

  const markDone = (picked: Picked) =>
    setProgress((p) => ({
      ...p,
      [picked.id]: { sent: picked.file.size, total: picked.file.size, bytesPerSecond: 0, secondsLeft: 0, done: true },
    }));

  const uploadOne = useCallback(
    async (picked: Picked) => {
      const sent = finished.current.get(picked.file);
      if (sent) {
        markDone(picked);
        return sent;
      }
      // Loaded on the first upload, not with the page (with tus-js-client, about 15 KB gzipped).
      const { sendFile } = await import('./tus-upload.ts');
      const id = await sendFile(picked.file, token, {
        progress: (now) => setProgress((p) => ({ ...p, [picked.id]: now })),
        waiting: (waiting) => setWaiting(picked, waiting),
        signal: () => batch.current.signal,
        started: (upload) => running.current.push(upload),
      });
      markDone(picked);
      finished.current.set(picked.file, id);
      return id;
    },
    [token],
  );

  /** Uploads every file (three at a time); resolves with their upload ids in the order given. */
  const uploadAll = useCallback(
    async (files: Picked[]): Promise<string[]> => {
      setProgress({});
      batch.current = new AbortController();
      const ids: string[] = new Array(files.length);
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const i = next++;
          ids[i] = await uploadOne(files[i]!);
        }
      };
      try {
        await Promise.all([worker(), worker(), worker()]);
      } catch (err) {
        // One refused file stops the rest; what was sent stays resumable, and each line says so.
        batch.current.abort();
        setProgress((p) =>
          Object.fromEntries(
            files.map(({ id, file }) => {
              const now = p[id];
              return [id, now?.done ? now : { ...idle(now, file), waiting: false, stopped: true }];
            }),
          ),
        );
        await Promise.all(running.current.map((u) => u.abort().catch(() => undefined)));
        throw err;
      } finally {
        running.current = [];
      }
      return ids;
    },
    [uploadOne],
  );

  /**
   * What the form says when its submit failed (submitFailure). When the server no longer has uploads
   * sent whole earlier (expired, or used meanwhile) or not all of them complete, they are forgotten
   * here, so the next submit sends those files again instead of the same refused ids.
   */
  const failureOf = useCallback((err: unknown, fallback: string) => {
    const code = errorCode(err);
    if (code === 'uploads_gone' || code === 'uploads_not_ready') finished.current = new WeakMap();
    return submitFailure(err, fallback);
  }, []);

  const waiting = Object.values(progress).some((p) => p.waiting);
  return { progress, waiting, uploadAll, failureOf };
}

/** '42% sent · 3.2 MB/s · 1 min 20 s left' for a file in flight; '42% sent · stopped' once its batch failed. */
export function describeProgress(p: FileProgress): string {
  if (p.done) return 'Uploaded';
  if (p.waiting) return 'Waiting for the connection';
  const pct = p.total ? Math.floor((p.sent / p.total) * 100) : 0;
  if (p.stopped) return `${pct}% sent · stopped`;
  const parts = [`${pct}% sent`];
  if (p.bytesPerSecond > 0) parts.push(`${(p.bytesPerSecond / 1024 / 1024).toFixed(1)} MB/s`);
  if (p.secondsLeft !== null && p.bytesPerSecond > 0) {
    const s = Math.ceil(p.secondsLeft);
    parts.push(s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s left` : `${s} s left`);
  }
  return parts.join(' · ');
}

/** All files together, weighted by size, as a whole percent. */
export function overallPercent(progress: Record<string, { sent: number }>, files: Array<{ id: string; file: File }>): number {
  const total = files.reduce((n, f) => n + f.file.size, 0);
  const sent = files.reduce((n, f) => n + (progress[f.id]?.sent ?? 0), 0);
  return total ? Math.floor((sent / total) * 100) : 0;
}
