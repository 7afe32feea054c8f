import { passwordWeakness } from './password-strength.ts';

/*
 * A child process of passwordWeaknessApart (password-strength.ts): reads `{ password, account }` as
 * JSON on standard input and writes passwordWeakness's answer (a field message key, or null) as JSON.
 */
process.stdin.setEncoding('utf8');
let input = '';
for await (const chunk of process.stdin) input += chunk as string;
const { password, account } = JSON.parse(input) as { password: string; account: string };
process.stdout.write(JSON.stringify(passwordWeakness(password, { account })));
