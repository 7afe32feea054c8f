import { isFieldMessageKey, fieldMessage } from '@meetflow/shared/field-messages';
import { createUserBody } from '@meetflow/shared/schemas/users';
import { randomToken } from '../lib/secure-random.ts';
import { endUserSessions, liftLoginWaits } from '../modules/auth/account-access.ts';
import { findUserByAccount } from '../modules/users/users.service.ts';
import { CommandFailure, UsageError, commandLineActor, type AdminContext } from './admin-context.ts';

/** A generated password: 15 bytes from the CSPRNG, 20 characters (about 120 bits). */
const generatePassword = () => randomToken(15);

export interface CommandOutput {
  /** What the command answers (a list, a generated password): standard output. */
  out(text: string): void;
  /** What it says about itself (done, refused): standard error. */
  say(text: string): void;
}

function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const lines = issues.map(({ path, message }) => {
    const text = isFieldMessageKey(message) ? fieldMessage(message, 'en') : message;
    return `${path.map(String).join('.')}: ${text}`;
  });
  return `Invalid user:\n  ${lines.join('\n  ')}`;
}

async function userOrFail(ctx: AdminContext, account: string) {
  const user = await findUserByAccount(ctx.db, account);
  if (!user) throw new CommandFailure(`No user has the account "${account}".`);
  return user;
}

/** The password given on standard input (its first line), for scripts that choose their own. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('--password-stdin reads the password from a pipe.');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  const password = text.split(/\r?\n/)[0] ?? '';
  if (!password) throw new UsageError('--password-stdin: standard input held no password.');
  return password;
}

export async function createUserCommand(
  ctx: AdminContext,
  io: CommandOutput,
  args: {
    account: string;
    name: string;
    role: string;
    email?: string;
    organization?: string;
    passwordStdin: boolean;
  },
): Promise<void> {
  const roles = await ctx.users.roles();
  const wanted = args.role.toLowerCase();
  const role = roles.find((r) => r.code?.toLowerCase() === wanted || r.name.toLowerCase() === wanted);
  if (!role)
    throw new CommandFailure(
      `No role "${args.role}". Roles: ${roles.map((r) => (r.code ? `${r.code} (${r.name})` : r.name)).join(', ')}.`,
    );
  const organizationId = args.organization === undefined ? undefined : Number(args.organization);
  if (organizationId !== undefined && !Number.isSafeInteger(organizationId))
    throw new UsageError('--organization takes an organisation id (a whole number).');
  const generated = args.passwordStdin ? undefined : generatePassword();
  const password = generated ?? (await passwordFromStdin());
  // The rules the API's body schema applies, then the service's own (password strength, organisation).
  const body = createUserBody.safeParse({
    account: args.account,
    name: args.name,
    email: args.email,
    password,
    role_id: role.id,
    organization_id: organizationId,
    enabled: true,
  });
  if (!body.success) throw new CommandFailure(describeIssues(body.error.issues));
  const user = await ctx.users.create(commandLineActor(), body.data);
  io.say(`Created user "${user.account}" (id ${user.id}), role ${user.role_name}.`);
  if (generated)
    io.out(`Password: ${generated}\n(shown once: hand it over safely; it is stored hashed only)`);
}

export async function resetPasswordCommand(ctx: AdminContext, io: CommandOutput, account: string) {
  const user = await userOrFail(ctx, account);
  const password = generatePassword();
  await ctx.users.resetPassword(commandLineActor(), user.id, { password });
  io.say(`Reset the password of "${user.account}"; their sessions ended.`);
  io.out(`Password: ${password}\n(shown once: hand it over safely; it is stored hashed only)`);
}

export async function unlockCommand(ctx: AdminContext, io: CommandOutput, account: string) {
  const user = await userOrFail(ctx, account);
  const cleared = await liftLoginWaits(ctx.db, user.account);
  await ctx.record('update', {
    key: 'user.login_waits_lifted',
    params: { account: user.account, id: user.id },
  });
  io.say(
    cleared
      ? `Lifted the login waits of "${user.account}" (${cleared} failure count(s) cleared).`
      : `"${user.account}" had no login waits; recorded all the same.`,
  );
}

export async function endSessionsCommand(ctx: AdminContext, io: CommandOutput, account: string) {
  const user = await userOrFail(ctx, account);
  await endUserSessions(ctx.db, user.id, ctx.clock());
  await ctx.record('update', { key: 'user.sessions_ended', params: { account: user.account, id: user.id } });
  io.say(`Ended every session of "${user.account}": they must log in again.`);
}
