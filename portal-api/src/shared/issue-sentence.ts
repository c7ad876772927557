// How a failed zod check is worded for a person: by app.onError (the server's 400) and by the
// forms that run the same schemas in the browser, so both say the same sentence. Imports nothing.

/** The fields of a zod issue that its sentence needs (a react-hook-form error gives them too). */
export type IssueLike = { code: string; message: string; path: readonly PropertyKey[] };

/** One issue as a sentence: our schemas' messages as written, zod's own prefixed with the field. */
export function issueSentence(issue: IssueLike): string {
  const field = issue.path.length ? issue.path.join('.') : '';
  // Custom messages from our schemas are already sentences (SPEC §5 texts).
  if (issue.code === 'custom' || /[.!?]$/.test(issue.message)) return issue.message;
  return field ? `${field}: ${issue.message}` : issue.message;
}
