// How a failed zod check is worded for a person: by app.onError (the server's 400) and by the
// forms that run the same schemas in the browser, so both say the same sentence. Imports nothing.

/** The fields of a zod issue that its sentence needs (a react-hook-form error gives them too). */
export type IssueLike = { code: string; message: string; path: readonly PropertyKey[] };

const count = (n: string) => Number(n).toLocaleString('en-US');
const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** zod's own wordings ('Too big: expected string to have <=64 characters') as the end of a sentence about a field. */
const ZOD_WORDINGS: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^Too big: expected string to have <=(\d+) characters?$/, (m) => `can be at most ${count(m[1]!)} characters`],
  [/^Too small: expected string to have >=(\d+) characters?$/, (m) => `must be at least ${count(m[1]!)} characters`],
  [/^Invalid input: expected \w+, received undefined$/, () => 'is required'],
  [/^Invalid input: expected (\w+), received \w+$/, (m) => `must be ${article(m[1]!)}`],
];

/** One issue as a sentence: our schemas' messages as written, zod's own about the field it concerns. */
export function issueSentence(issue: IssueLike): string {
  const field = issue.path.length ? issue.path.join('.') : '';
  // Custom messages from our schemas are already sentences (docs/product.md §5 texts).
  if (issue.code === 'custom' || /[.!?]$/.test(issue.message)) return issue.message;
  // A JSON body that is not an object (null, a string, an array).
  if (!field && issue.code === 'invalid_type') return 'The request body must be a JSON object.';
  for (const [pattern, say] of ZOD_WORDINGS) {
    const m = pattern.exec(issue.message);
    if (m && field) return `${field} ${say(m)}.`;
  }
  return field ? `${field}: ${issue.message}` : issue.message;
}
