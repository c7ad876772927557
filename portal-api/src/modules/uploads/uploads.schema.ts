// Resumable uploads (docs/decisions/0003-resumable-uploads-tus.md). Shared by the server and the request form,
// so this file imports nothing (the form's bundle stays small).

/** Where tus clients create uploads; an upload's URL is this path plus its id. */
export const TUS_PATH = '/api/uploads/tus';
/** Unfinished (and finished but never claimed) uploads are deleted this long after their last bytes arrived. */
export const UPLOAD_EXPIRY_HOURS = 24;
/** Uploads a user may have open at once, so one account cannot fill the disk with stubs. */
export const MAX_OPEN_UPLOADS = 200;
/**
 * Bytes per PATCH from the browser. A dropped connection costs nothing again
 * (the server keeps every byte that arrived; the client resumes from HEAD), so
 * this only trades proxy body limits against per-request cost: 32 MB spent
 * half the server CPU per GB of 8 MB PATCHes (npm run bench:upload), and
 * stays under common proxy limits (Cloudflare: 100 MB).
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

export const UPLOADS_NOT_READY = 'Some files have not finished uploading. Please wait for every upload to complete.';
/** An upload id that is not (or no longer) one of the caller's: expired, already used by a request, someone else's or made up. */
export const UPLOADS_GONE = 'Some uploads were not found: they expired or were already used. Please add those files again.';
/** tus Upload-Metadata must carry the file's name (`filename`, or Uppy's `name`). */
export const UPLOAD_NAME_REQUIRED = 'Upload-Metadata must name the file (filename).';
