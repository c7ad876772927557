import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { OFFLINE_TEXT } from './offline.ts';
import { describeProgress, submitFailure, UploadStopped, uploadFailure } from './resumable-uploads.ts';

// What a failed tus upload tells the form: the server's {message} (it names a refused
// file) as the ApiError the forms show, or, with no answer, a sentence about the file.

/** tus-js-client's DetailedError carries the answer (its HttpResponse), or null when none came. */
const failed = (status?: number, body?: string) =>
  Object.assign(new Error('tus: unexpected response'), {
    originalResponse: status === undefined ? null : { getStatus: () => status, getBody: () => body ?? '' },
  });

describe('uploadFailure', () => {
  it("turns the server's refusal into an ApiError with its status and sentence", () => {
    const err = uploadFailure(failed(415, '{"message":"notes.pdf: Only PDF, DWG, ZIP or image files are accepted."}'), 'notes.pdf');
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 415, message: 'notes.pdf: Only PDF, DWG, ZIP or image files are accepted.' });
  });

  it('says the upload stopped when there is no answer, or no sentence in it', () => {
    for (const err of [uploadFailure(failed(), 'plans.pdf'), uploadFailure(failed(502, '<html>Bad gateway</html>'), 'plans.pdf')]) {
      expect(err).not.toBeInstanceOf(ApiError);
      expect(err.message).toBe('plans.pdf: the upload stopped. Check your connection and submit again to resume.');
    }
  });
});

describe('submitFailure', () => {
  // One way for every form that uploads (request, addendum, deliverables), so each resumes alike.
  it("says the stopped upload's own sentence, so the person knows a submit resumes it", () => {
    const stopped = uploadFailure(failed(), 'big.pdf');
    expect(stopped).toBeInstanceOf(UploadStopped);
    expect(submitFailure(stopped, 'Failed to create query')).toBe(
      'big.pdf: the upload stopped. Check your connection and submit again to resume.',
    );
  });

  it("says the server's sentence, else the form's fallback (no answer, or an error of ours)", () => {
    expect(submitFailure(new ApiError(415, 'notes.txt: Only PDF, DWG, ZIP or image files are accepted.'), 'Failed to create query')).toBe(
      'notes.txt: Only PDF, DWG, ZIP or image files are accepted.',
    );
    expect(submitFailure(new ApiError(0, ''), 'Failed to create query')).toBe('Failed to create query');
    expect(submitFailure(new TypeError('x is undefined'), 'Something went wrong')).toBe('Something went wrong');
  });

  it('gives the reason after the fallback when the call got no answer because the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(submitFailure(new ApiError(0, ''), 'Something went wrong')).toBe(`Something went wrong ${OFFLINE_TEXT}`);
      expect(submitFailure(new ApiError(413, 'plans.zip is too large.'), 'Something went wrong')).toBe('plans.zip is too large.');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('describeProgress', () => {
  const at = { sent: 512 * 1024, total: 2 * 1024 * 1024, bytesPerSecond: 1024 * 1024, secondsLeft: 1.5, done: false };
  it('gives the share sent, the rate and the time left of a file in flight', () => {
    expect(describeProgress(at)).toBe('25% sent · 1.0 MB/s · 2 s left');
  });
  it('says a file waits for the connection while offline, and that a finished one is uploaded', () => {
    expect(describeProgress({ ...at, bytesPerSecond: 0, secondsLeft: null, waiting: true })).toBe('Waiting for the connection');
    expect(describeProgress({ ...at, done: true, waiting: true })).toBe('Uploaded');
  });
  it('says how much of a stopped file was sent, without a rate', () => {
    expect(describeProgress({ ...at, bytesPerSecond: 0, secondsLeft: null, stopped: true })).toBe('25% sent · stopped');
  });
});
