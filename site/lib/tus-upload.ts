import { Upload } from 'tus-js-client';
import { TUS_PATH, UPLOAD_CHUNK_BYTES } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { type FileProgress, uploadFailure, UploadStopped } from './resumable-uploads.ts';

// One file through tus-js-client (docs/product.md §14), for the uploads hook of
// resumable-uploads.ts, which loads this file, and tus-js-client with it, on the first upload.

/** Retries on a flaky connection before giving up (ms between attempts). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

/** How long an upload waits for the connection to come back before it counts as stopped. */
const OFFLINE_WAIT_MS = 10 * 60_000;

/** True once the browser is online again; false when `ms` pass first or `signal` aborts. */
function whenOnline(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (navigator.onLine) return resolve(true);
    if (signal.aborted) return resolve(false);
    const settle = (back: boolean) => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      signal.removeEventListener('abort', give);
      resolve(back);
    };
    const online = () => settle(true);
    const give = () => settle(false);
    const timer = setTimeout(give, ms);
    window.addEventListener('online', online);
    signal.addEventListener('abort', give);
  });
}

type Hooks = {
  /** The file's progress while it moves. */
  progress: (now: FileProgress) => void;
  /** Offline: the upload waits for the connection (true), then goes on or gives up (false). */
  waiting: (waiting: boolean) => void;
  /** Ends the wait for the connection (the batch failed, the form is gone). */
  signal: () => AbortSignal;
  /** The upload started, for the batch to abort it. */
  started: (upload: Upload) => void;
};

/**
 * Sends one file, continuing an unfinished upload of it (tus-js-client's fingerprint in
 * localStorage); resolves with the upload id. A refusal rejects with the server's sentence; a
 * dropped connection waits for the browser to be online again, then goes on.
 */
export function sendFile(file: File, token: string | null, hooks: Hooks): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    // The rate is measured from the first progress event: a resumed upload starts at its offset.
    const started = { at: 0, bytes: -1 };
    let speed = 0;
    const upload = new Upload(file, {
      endpoint: TUS_PATH,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      headers: token ? { authorization: `Bearer ${token}` } : {},
      onProgress(sent, total) {
        const now = performance.now();
        if (started.bytes < 0) {
          started.at = now;
          started.bytes = sent;
        }
        const seconds = (now - started.at) / 1000;
        // A smoothed rate: the latest chunk counts for a third.
        if (seconds > 0.25) {
          const rate = (sent - started.bytes) / seconds;
          speed = speed ? speed * 0.67 + rate * 0.33 : rate;
          started.at = now;
          started.bytes = sent;
        }
        hooks.progress({ sent, total, bytesPerSecond: speed, secondsLeft: speed > 0 ? (total - sent) / speed : null, done: false });
      },
      onSuccess() {
        resolve((upload.url ?? '').split('/').pop() ?? '');
      },
      onError(err) {
        const failure = uploadFailure(err, file.name);
        if (!(failure instanceof UploadStopped) || navigator.onLine) return reject(failure);
        // Offline: wait for the connection, then go on from the server's offset.
        hooks.waiting(true);
        void whenOnline(OFFLINE_WAIT_MS, hooks.signal()).then((back) => {
          hooks.waiting(false);
          if (back) upload.start();
          else reject(failure);
        });
      },
    });
    hooks.started(upload);
    upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    }, reject);
  });
}
