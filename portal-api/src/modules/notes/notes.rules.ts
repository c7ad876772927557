// docs/product.md §25 "Internal notes": who a note names. Pure, shared with the browser (the
// composer's mention list uses the same rule).

export const NOTE_MAX = 10_000;

type Person = { id: string; fullName: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The people a note names with '@': '@Maria' (the first name) or '@Maria Lopez' (the full name),
 * any case, not followed by a letter or digit ('@Mariana' is not Maria). Each person once, in
 * the order of `people`.
 */
export function mentionedIn(text: string, people: Person[]): Person[] {
  return people.filter((p) => {
    const names = [p.fullName.trim(), p.fullName.trim().split(/\s+/)[0] ?? ''].filter(Boolean);
    return names.some((name) => new RegExp(`(^|[^\\p{L}\\p{N}_])@${escape(name)}(?![\\p{L}\\p{N}_])`, 'iu').test(text));
  });
}
