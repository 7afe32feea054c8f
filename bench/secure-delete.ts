import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadAverage } from './lib.ts';
import { signUpBurst } from './signup-burst.ts';

/**
 * What SQLite's secure deletion costs the sign-up burst (issue 38): the SQLite sign-up scenario of
 * signup-burst.ts, run with `pragma secure_delete` on and off in turn (MF_SQLITE_SECURE_DELETE, a
 * setting only this bench uses), `--pairs` times, in one process, so that both see the same
 * machine. Prints every run with the load average, and the medians' ratios (on / off).
 *   node bench/secure-delete.ts --pairs 4
 */
const { values } = parseArgs({ options: { pairs: { type: 'string', default: '3' } } });
const pairs = Number(values.pairs);

interface Run {
  secureDelete: 'on' | 'off';
  acceptedPerSecond: number;
  cpuUsPerAccepted: number;
  cpuUsPerAttempt: number;
  p99: number;
  load: number;
}

const runs: Run[] = [];
for (let pair = 0; pair < pairs; pair++) {
  // Which goes first alternates too, so neither always meets the warmer machine.
  const order = pair % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
  for (const secureDelete of order) {
    const burst = await signUpBurst('sqlite', {
      env: { MF_SQLITE_SECURE_DELETE: secureDelete },
      bare: false,
    });
    if (burst.oversold !== 0 || !burst.counterMatches)
      throw new Error(`seats wrong: ${JSON.stringify(burst)}`);
    const attempts = burst.accepted + burst.full + burst.failed;
    const run: Run = {
      secureDelete,
      acceptedPerSecond: burst.acceptedPerSecond,
      cpuUsPerAccepted: (burst.cpuMsPerAttempt * attempts * 1000) / burst.accepted,
      cpuUsPerAttempt: burst.cpuMsPerAttempt * 1000,
      p99: burst.p99,
      load: loadAverage(),
    };
    runs.push(run);
    console.log(JSON.stringify(run));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const of = (
  mode: Run['secureDelete'],
  key: 'acceptedPerSecond' | 'cpuUsPerAccepted' | 'cpuUsPerAttempt' | 'p99',
) => median(runs.filter((r) => r.secureDelete === mode).map((r) => r[key]));
console.table(
  runs.map((r) => ({
    secure_delete: r.secureDelete,
    'accepted/s': Math.round(r.acceptedPerSecond),
    'CPU µs/accepted': Math.round(r.cpuUsPerAccepted),
    'CPU µs/attempt': Math.round(r.cpuUsPerAttempt),
    'p99 ms': Math.round(r.p99),
    load: r.load.toFixed(2),
  })),
);
for (const key of ['acceptedPerSecond', 'cpuUsPerAccepted', 'cpuUsPerAttempt', 'p99'] as const) {
  console.log(
    `${key}: median on ${of('on', key).toFixed(1)}, off ${of('off', key).toFixed(1)}, on/off ${(of('on', key) / of('off', key)).toFixed(3)}`,
  );
}
console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
