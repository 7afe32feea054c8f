// Checks deploy/nginx/meetflow.conf (the reverse proxy of compose.yaml) with `nginx -t`, as
// scripts/check-readme-nginx.mjs checks the operations page's example: the certificate paths point at a
// throw-away self-signed pair and the instances' names, which resolve only on compose's network, at
// loopback addresses; everything else is taken as written.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const file = 'deploy/nginx/meetflow.conf';
const text = fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-nginx-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');
const subject = ['-subj', '/CN=meet.example.org', '-keyout', key, '-out', cert];
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject], {
  stdio: 'ignore',
});

try {
  let instance = 0;
  const site = text
    .replace(/ssl_certificate\s+\S+;/g, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${key};`)
    .replace(
      /^(\s*server\s+)[a-z][\w-]*:(\d+)/gm,
      (_all, start, port) => `${start}127.0.0.${++instance}:${port}`,
    );
  if (instance === 0) throw new Error(`${file}: no upstream servers found`);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n${site}\n}\n`,
  );
  execFileSync('nginx', ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  console.log(`${file}: nginx -t passed`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
