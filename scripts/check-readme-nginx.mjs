// Checks the nginx example of the operations page (docs/operations.md, linked from the README) with
// `nginx -t`, so that what operators copy actually loads.
// The certificate paths are replaced by a throw-away self-signed pair; everything else is taken as written.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const page = 'docs/operations.md';
const text = fs.readFileSync(new URL(`../${page}`, import.meta.url), 'utf8');
const blocks = [...text.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
if (blocks.length === 0) throw new Error(`${page} has no nginx example`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-nginx-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=meet.example.org',
    '-keyout',
    key,
    '-out',
    cert,
  ],
  { stdio: 'ignore' },
);

try {
  for (const [i, block] of blocks.entries()) {
    const site = block
      .replace(/ssl_certificate\s+\S+;/g, `ssl_certificate ${cert};`)
      .replace(/ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${key};`);
    const conf = path.join(dir, `nginx-${i}.conf`);
    fs.writeFileSync(
      conf,
      `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n${site}\n}\n`,
    );
    execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
    console.log(`${page} nginx example ${i + 1}: nginx -t passed`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
