import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { uploadFailure } from './resumable-uploads.ts';

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
