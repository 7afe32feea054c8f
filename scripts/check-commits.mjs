// Checks the commit messages after a base, so that `git log --oneline` stays readable:
// a subject of at most 72 characters in the imperative, a blank line, then a body saying why.
// Usage: node scripts/check-commits.mjs [<base commit>]   (CI runs it on a full clone)
import { execFileSync } from 'node:child_process';

// The rule holds from the first commit of the work that introduced it ("Declare the database handle
// type once…", issue 40) onwards; the history before it is left as it was written.
const FIRST_CHECKED = 'ca0391399b57eb7503344b33a93d2e9dd58343cc';
const MAX_SUBJECT = 72;

// An imperative subject starts with a verb like "Add", "Split", "Move". A first word ending in
// "ed" or "ing" is almost always a past tense or a gerund ("Added", "Splitting"); these verbs end so
// in their imperative too. Third-person "-s" ("Adds") is not checked: too many imperatives end in s.
const IMPERATIVES_ENDING_LIKE_PAST = new Set([
  'Bring',
  'Embed',
  'Exceed',
  'Feed',
  'Need',
  'Proceed',
  'Ring',
  'Seed',
  'Shed',
  'Speed',
  'String',
  'Succeed',
]);

const git = (...args) =>
  execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: 'pipe' });

const base = process.argv[2] ?? FIRST_CHECKED;
try {
  git('merge-base', '--is-ancestor', base, 'HEAD');
} catch {
  console.error(`check-commits: ${base} is not in this history (a shallow clone? clone with full history).`);
  process.exit(1);
}

// The base itself is checked too: `<base>^..HEAD`, or everything when the base has no parent.
const hasParent = git('rev-list', '--parents', '-n', '1', base).trim().split(' ').length > 1;
const range = hasParent ? [`${base}^..HEAD`] : ['HEAD'];
const records = git('log', '--format=%H%x00%P%x00%B%x1e', ...range)
  .split('\x1e')
  .map((record) => record.replace(/^\n/, ''))
  .filter((record) => record.trim() !== '');

/** The problems of one commit message; empty when it follows the rule. */
function problemsOf(message, isMerge) {
  const lines = message.replace(/\s+$/, '').split('\n');
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.length > MAX_SUBJECT)
    problems.push(`subject is ${subject.length} characters (max ${MAX_SUBJECT})`);
  if (isMerge) return problems;
  if (subject.trim() === '') return [...problems, 'empty subject'];
  if (subject.endsWith('.')) problems.push('subject ends with a period');
  const firstWord = subject.split(/\s/)[0];
  if (!/^[A-Z]/.test(firstWord)) problems.push('subject does not start with a capital letter');
  else if (/(ed|ing)$/.test(firstWord) && !IMPERATIVES_ENDING_LIKE_PAST.has(firstWord)) {
    problems.push(`subject starts with "${firstWord}": use the imperative ("Add", not "Added"/"Adding")`);
  }
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('no blank line after the subject');
  if (!lines.slice(1).some((line) => line.trim() !== '')) problems.push('no body saying why');
  return problems;
}

let offenders = 0;
for (const record of records) {
  const [hash, parents, message] = record.split('\x00');
  const isMerge = parents.trim().split(' ').length > 1;
  const problems = problemsOf(message, isMerge);
  if (problems.length === 0) continue;
  offenders += 1;
  console.log(`${hash.slice(0, 10)} ${message.split('\n')[0].slice(0, 80)}`);
  for (const problem of problems) console.log(`    ${problem}`);
}

if (offenders > 0) {
  console.log(`\n${offenders} of ${records.length} commits break the commit rule (CONTRIBUTING.md).`);
  process.exit(1);
}
console.log(`check-commits: ${records.length} commits since ${base.slice(0, 10)} follow the rule.`);
