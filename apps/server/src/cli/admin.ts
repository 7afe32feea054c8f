import { parseArgs, type ParseArgsConfig } from 'node:util';
import { VERSION } from '../version.ts';
import {
  CommandFailure,
  UsageError,
  describeFailure,
  openAdminContext,
  type AdminContext,
} from './admin-context.ts';
import { failedJobsCommand, migrationsCommand, retryJobsCommand } from './admin-jobs.ts';
import {
  createUserCommand,
  endSessionsCommand,
  resetPasswordCommand,
  unlockCommand,
  type CommandOutput,
} from './admin-users.ts';

/*
 * The operator's command line (docs/operations.md, "Command line"; docs/decisions/0085-admin-command-line.md):
 * npm run admin -- <command>, or node apps/server/src/cli/admin.ts <command> in the image. It reads
 * the server's settings (DATABASE_URL, DATA_DIR), goes through the modules' services, and writes a
 * system-log entry for every change. Exit codes: 0 done, 1 failed, 2 wrong use.
 */

const HELP = `Usage: npm run admin -- <command> [options]

Users
  user:create <account> --name <name> --role <role> [--email <address>] [--organization <id>] [--password-stdin]
                               create a back-office user; prints a generated password once,
                               or takes the first line of standard input with --password-stdin
  user:reset-password <account> give the user a new generated password (printed once); ends their sessions
  user:unlock <account>        lift the waits that failed logins put on the account
  user:end-sessions <account>  end every session of the user (they must log in again)

Background jobs
  jobs:failed [--kind <kind>]  list failed jobs: id, kind, attempts, when, last error
  jobs:retry <id>              put one failed job back in the queue
  jobs:retry --all-failed [--kind <kind>]
                               put every failed job (of a kind) back in the queue

Other
  migrations                   applied and pending database migrations
  version                      the MeetFlow version
  help                         this text

Settings come from the environment, as for the server: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite).
Exit codes: 0 done, 1 failed, 2 wrong use.`;

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface Command {
  options: Options;
  /** How many positional arguments it takes. */
  positionals: 0 | 1 | [0, 1];
  /** False: runs without the database (version). */
  database?: false;
  run(
    ctx: AdminContext | undefined,
    io: CommandOutput,
    positional: string | undefined,
    values: Values,
  ): Promise<void>;
}

const str = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);
const kindOption: Options = { kind: { type: 'string' } };

const COMMANDS: Record<string, Command> = {
  'user:create': {
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      email: { type: 'string' },
      organization: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    positionals: 1,
    run: (ctx, io, account, v) => {
      if (!str(v.name) || !str(v.role)) throw new UsageError('user:create needs --name and --role.');
      return createUserCommand(ctx!, io, {
        account: account!,
        name: str(v.name)!,
        role: str(v.role)!,
        email: str(v.email),
        organization: str(v.organization),
        passwordStdin: v['password-stdin'] === true,
      });
    },
  },
  'user:reset-password': {
    options: {},
    positionals: 1,
    run: (ctx, io, a) => resetPasswordCommand(ctx!, io, a!),
  },
  'user:unlock': { options: {}, positionals: 1, run: (ctx, io, a) => unlockCommand(ctx!, io, a!) },
  'user:end-sessions': { options: {}, positionals: 1, run: (ctx, io, a) => endSessionsCommand(ctx!, io, a!) },
  'jobs:failed': {
    options: kindOption,
    positionals: 0,
    run: (ctx, io, _, v) => failedJobsCommand(ctx!, io, str(v.kind)),
  },
  'jobs:retry': {
    options: { ...kindOption, 'all-failed': { type: 'boolean', default: false } },
    positionals: [0, 1],
    run: (ctx, io, id, v) =>
      retryJobsCommand(ctx!, io, { id, allFailed: v['all-failed'] === true, kind: str(v.kind) }),
  },
  migrations: { options: {}, positionals: 0, run: (ctx, io) => migrationsCommand(ctx!, io) },
  version: { options: {}, positionals: 0, database: false, run: async (_, io) => io.out(VERSION) },
};

const io: CommandOutput = {
  out: (text) => void process.stdout.write(`${text}\n`),
  say: (text) => void process.stderr.write(`${text}\n`),
};

function parse(command: Command, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: command.options,
    allowPositionals: true,
    strict: true,
  });
  const [min, max] = Array.isArray(command.positionals)
    ? command.positionals
    : [command.positionals, command.positionals];
  if (positionals.length < min || positionals.length > max)
    throw new UsageError(max === 0 ? 'This command takes no argument.' : 'Name one account or id.');
  return { values: values as Values, positional: positionals[0] };
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') return (io.out(HELP), 0);
  const command = name === undefined ? undefined : COMMANDS[name];
  let ctx: AdminContext | undefined;
  try {
    if (!command) throw new UsageError(name === undefined ? 'Name a command.' : `Unknown command "${name}".`);
    const { values, positional } = parse(command, args);
    if (command.database !== false) ctx = openAdminContext();
    await command.run(ctx, io, positional, values);
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (usage) {
      io.say(`${(error as Error).message}\n\nRun "npm run admin -- help" for the commands.`);
      return 2;
    }
    io.say(error instanceof CommandFailure ? error.message : `Failed: ${describeFailure(error)}`);
    return 1;
  } finally {
    await ctx?.db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
