// Checks the commit messages of this release: a subject of at most 72 characters, a blank line,
// and a body saying why in the product's own words (FORBIDDEN below). The history is read with
// `git log --oneline` and should read like a changelog (docs/architecture.md, "Commits").
//
//   node portal-api/scripts/lint-commits.mjs [<since>]
//
// <since> defaults to the newest tag, or else to the last commit written before this rule.
// Merge commits are left out: git writes their subjects.
import { execFileSync } from 'node:child_process';

/** The last commit made before the rule; older subjects are history, not checked. */
const RULE_START = '9c5d949';
const MAX_SUBJECT = 72;
const FORBIDDEN = [
  [/\b(issue|ticket)\s*#?\d+/i, 'names an issue number'],
  [/(^|\s)#\d+\b/, 'names an issue number'],
  [/\baudit\b/i, 'speaks of an audit; say the reason itself'],
  [/\b(work|this|last|next) session\b/i, 'speaks of a work session; say the reason itself'],
];

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

function defaultSince() {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    return RULE_START;
  }
}

/** Problems of one message, as sentences. */
export function messageProblems(message) {
  const [subject = '', second, ...rest] = message.replace(/\s+$/, '').split('\n');
  const problems = [];
  if (subject.length === 0) problems.push('has no subject');
  if (subject.length > MAX_SUBJECT) problems.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  if (second !== undefined && second.trim() !== '') problems.push('needs a blank line after the subject');
  if (rest.join('\n').trim() === '') problems.push('has no body saying why');
  for (const [pattern, why] of FORBIDDEN) if (pattern.test(message)) problems.push(why);
  return problems;
}

function main() {
  const since = process.argv[2] ?? defaultSince();
  let range = `${since}..HEAD`;
  try {
    git('rev-parse', '--verify', '--quiet', `${since}^{commit}`);
  } catch {
    // A shallow clone that lacks the start: check the newest commit alone.
    range = 'HEAD^!';
  }
  const hashes = git('rev-list', '--no-merges', range).split('\n').filter(Boolean);
  let failed = 0;
  for (const hash of hashes) {
    const problems = messageProblems(git('log', '-1', '--format=%B', hash));
    if (problems.length === 0) continue;
    failed++;
    console.error(`${hash.slice(0, 10)} ${git('log', '-1', '--format=%s', hash).slice(0, 80)}`);
    for (const p of problems) console.error(`  - ${p}`);
  }
  console.log(`commit messages since ${since}: ${hashes.length} checked, ${failed} to mend`);
  process.exitCode = failed > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
