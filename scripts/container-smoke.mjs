// The container smoke test's runs (scripts/container-smoke.sh builds the image and cleans up): the image
// started on the host network, used through the real HTTP API (first admin, a meeting, a visitor's sign-up,
// a scan at the door), restarted, found again, and stopped with SIGTERM within its drain time.
//
//   node scripts/container-smoke.mjs postgres <image> <name> <port> <database-url> <redis-url>
//   node scripts/container-smoke.mjs sqlite <image> <name> <port> <volume>
//
// Prints one line per figure and exits non-zero, with the container's log, at the first failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

const [mode, image, name, port, ...rest] = process.argv.slice(2);
const ADMIN_PASSWORD = `Smoke-${randomUUID()}`;
const DRAIN_MS = 1000;
const ROOT_VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
/** SIGTERM to exit: the drain, then closing the server and the database; more means it hung. */
const STOP_MARGIN_MS = 5000;
const base = `http://127.0.0.1:${port}`;

// stderr is kept out of the figures (podman warns there that it has no systemd timer for health checks);
// a failing command still throws with it.
const podman = (...args) => execFileSync('podman', args, { encoding: 'utf8', stdio: 'pipe' }).trim();

function fail(message) {
  const logs = spawnSync('podman', ['logs', '--tail', '40', name], { encoding: 'utf8' });
  console.error(
    `\nFAILED (${mode}): ${message}\n--- last lines of ${name}'s log ---\n${logs.stdout}${logs.stderr}`,
  );
  process.exit(1);
}

function check(condition, message) {
  if (!condition) fail(message);
}

async function api(method, path, { token, body, form } = {}) {
  const headers = { 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const answer = await response.json().catch(() => ({}));
  check(
    answer.code === 0,
    `${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 300)}`,
  );
  return answer.data;
}

/** Polls /api/health until it answers 200; fails when the container stops or 60 s pass. */
async function waitHealthy(startedAt) {
  while (Date.now() - startedAt < 60_000) {
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return (Date.now() - startedAt) / 1000;
    check(podman('inspect', name, '--format', '{{.State.Running}}') === 'true', 'the container stopped');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return fail('not healthy within 60 s');
}

function runArgs() {
  const env = { PORT: port, ADMIN_PASSWORD, CAPTCHA_ENABLED: 'false', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
  const volume = [];
  if (mode === 'postgres') Object.assign(env, { DATABASE_URL: rest[0], REDIS_URL: rest[1] });
  else volume.push('--volume', `${rest[0]}:/data`);
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  return ['run', '--detach', '--name', name, '--network', 'host', ...volume, ...envArgs, image];
}

async function start(what) {
  const startedAt = Date.now();
  if (what === 'created') podman(...runArgs());
  else podman('start', name);
  const seconds = await waitHealthy(startedAt);
  console.log(`${mode}: healthy ${seconds.toFixed(1)} s after ${what === 'created' ? 'run' : 'start'}`);
  // The image's own HEALTHCHECK command, run once (the test does not wait for podman's timer).
  check(spawnSync('podman', ['healthcheck', 'run', name]).status === 0, 'the image HEALTHCHECK failed');
}

/** SIGTERM (the image's STOPSIGNAL) and wait: the server drains, then exits 0 well before the kill. */
function stop() {
  const startedAt = Date.now();
  podman('stop', '--time', String(DRAIN_MS / 1000 + 30), name);
  const ms = Date.now() - startedAt;
  const exitCode = podman('inspect', name, '--format', '{{.State.ExitCode}}');
  console.log(
    `${mode}: stopped in ${(ms / 1000).toFixed(1)} s (SHUTDOWN_DRAIN_MS ${DRAIN_MS}), exit code ${exitCode}`,
  );
  check(exitCode === '0', `exit code ${exitCode} after SIGTERM (137 = killed)`);
  check(ms < DRAIN_MS + STOP_MARGIN_MS, `stopping took ${ms} ms, over ${DRAIN_MS + STOP_MARGIN_MS} ms`);
  check(ms >= DRAIN_MS, `stopped in ${ms} ms, before the ${DRAIN_MS} ms drain`);
}

/** A PNG whose header says 8 × 4: the banner check reads the size, nothing decodes the pixels. */
function bannerPng() {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 8, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function login(password = ADMIN_PASSWORD) {
  const answer = await api('POST', '/login', { body: { account: 'admin', password } });
  return answer.token.access_token;
}

/** The first admin creates a meeting running now, a visitor signs up, the door scans the guest in. */
async function useIt() {
  const token = await login();
  const organization = await api('POST', '/organizations', { token, body: { name: 'Smoke test' } });
  const form = new FormData();
  form.append('kind', 'banner');
  form.append('file', new Blob([bannerPng()], { type: 'image/png' }), 'banner.png');
  const banner = await api('POST', '/files', { token, form });
  const now = Date.now();
  const meeting = await api('POST', '/meetings', {
    token,
    body: {
      organization_id: organization.id,
      ...{ name: '煙霧測試', name_cn: '烟雾测试', name_en: 'Smoke test', meeting_type: 'general' },
      ...{ start_at: now - 3_600_000, end_at: now + 8 * 3_600_000, banner_file_id: banner.id },
    },
  });
  const signUp = await api('POST', `/public/meetings/${meeting.public_id}/sign-ups`, {
    body: {
      ...{ meeting_type: 'general', name: 'Smoke Guest', gender: 'female', local_guest: true },
      ...{ area_code: '853', phone: '66123456', email: 'smoke.guest@example.com' },
      ...{ institution: 'Hospital', job_title: 'Doctor', contact_name: 'Contact' },
      ...{ contact_number: '28000000', contact_phone: '66999999' },
    },
  });
  const code = signUp.guest.guest_code;
  const scan = await api('POST', '/attendance/scans', {
    token,
    body: {
      meeting_id: meeting.id,
      guest_code: code,
      direction: 'in',
      station: 'Smoke door',
      nonce: randomUUID(),
    },
  });
  check(scan.result === 'success', `the scan was ${scan.result}`);
  console.log(`${mode}: signed in, created meeting ${meeting.id}, signed up guest ${code}, scanned in`);
  return { meetingId: meeting.id, code };
}

let resetPassword = '';
/** The admin command line inside the running container: its version, and a password reset. */
function adminCommandLine() {
  const admin = (...args) => podman('exec', name, 'node', 'apps/server/src/cli/admin.ts', ...args);
  const version = admin('version');
  check(version === ROOT_VERSION, `the command line says version ${version}, package.json ${ROOT_VERSION}`);
  resetPassword = /^Password: (\S+)$/m.exec(admin('user:reset-password', 'admin'))?.[1] ?? '';
  check(resetPassword.length >= 16, 'user:reset-password printed no password');
}
/** The reset password logs in; the old one no longer does. */
async function loginWithResetPassword() {
  await login(resetPassword);
  const old = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
  });
  check(old.status === 401, `the old password answered ${old.status} after the reset`);
  console.log(
    `${mode}: admin command line in the image: version ${ROOT_VERSION}, password reset, new one logs in`,
  );
}

/** After a restart: the same guest and the same scan are still there. */
async function findAgain({ meetingId, code }) {
  const token = await login();
  const guests = await api('GET', `/meetings/${meetingId}/guests?keyword=${encodeURIComponent(code)}`, {
    token,
  });
  check(
    guests.items.some((guest) => guest.guest_code === code),
    `guest ${code} is gone`,
  );
  const records = await api('GET', `/attendance/records?meeting_id=${meetingId}`, { token });
  const scan = records.items.find((record) => record.guest_code === code);
  check(scan?.type === 'in' && scan.station === 'Smoke door', `the scan of ${code} is gone`);
  console.log(`${mode}: after the restart, guest ${code} and the scan are there`);
}

await start('created');
const made = await useIt();
stop();
if (mode === 'sqlite') {
  // A new container on the same volume: the data lives in /data, not in the container.
  podman('rm', '--volumes', name);
  await start('created');
} else {
  await start('restarted');
}
await findAgain(made);
adminCommandLine();
await loginWithResetPassword();
stop();
