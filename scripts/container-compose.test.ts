import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * The compose files, read as compose reads them (YAML with merge keys): the deployment they describe
 * and the files they mount. `docker compose config` would say the same, where it is installed.
 */
const root = path.resolve(import.meta.dirname, '..');
interface Service {
  image: string;
  build?: string;
  env_file?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}
const read = (file: string) =>
  parse(fs.readFileSync(path.join(root, file), 'utf8'), { merge: true }) as ComposeFile;
const MEETFLOW_IMAGE = 'localhost/meetflow:latest';

describe('compose.yaml', () => {
  const { services, volumes } = read('compose.yaml');
  const meetflow = Object.entries(services).filter(([, service]) => service.image === MEETFLOW_IMAGE);

  it('runs two web instances and one worker of the image on PostgreSQL and Redis', () => {
    const roles = Object.fromEntries(meetflow.map(([name, service]) => [name, service.environment?.ROLE]));
    expect(roles).toEqual({ web1: 'web', web2: 'web', worker: 'worker' });
    for (const [, service] of meetflow) {
      expect(service).toMatchObject({ build: '.', env_file: '.env' });
      expect(service.environment?.DATABASE_URL).toMatch(
        /^postgres:\/\/meetflow:\$\{POSTGRES_PASSWORD:\?.*\}@postgres:5432\/meetflow$/,
      );
      expect(service.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
    }
  });

  it('uses the official PostgreSQL, Redis and nginx images, the database on a volume', () => {
    expect(services.postgres?.image).toMatch(/^docker\.io\/library\/postgres:1[67](-|$)/);
    expect(services.redis?.image).toMatch(/^docker\.io\/library\/redis:/);
    expect(services.proxy?.image).toMatch(/^docker\.io\/library\/nginx:/);
    expect(services.postgres?.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(Object.keys(volumes ?? {})).toEqual(['postgres-data']);
  });

  it("sends nginx's traffic to exactly the web instances, with the repository's proxy configuration", () => {
    const [config] = services.proxy!.volumes!;
    const [hostPath, containerPath] = config!.split(':');
    expect(containerPath).toBe('/etc/nginx/conf.d/default.conf');
    const nginx = fs.readFileSync(path.join(root, hostPath!), 'utf8');
    const upstream = [...nginx.matchAll(/^\s*server\s+([\w-]+):3000;/gm)].map((match) => match[1]);
    const web = meetflow.filter(([, service]) => service.environment?.ROLE === 'web').map(([name]) => name);
    expect(upstream).toEqual(web);
    expect(nginx).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
  });

  it('sets only variables the server reads (listed in .env.example), and ROLE', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const known = new Set([...example.matchAll(/^(?:#\s?)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    known.add('ROLE');
    const set = meetflow.flatMap(([, service]) => Object.keys(service.environment ?? {}));
    expect(set.filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('compose.sqlite.yaml', () => {
  it('runs one container of the image on SQLite, its data in a named volume at /data', () => {
    const { services, volumes } = read('compose.sqlite.yaml');
    expect(Object.keys(services)).toEqual(['meetflow']);
    const service = services.meetflow!;
    expect(service).toMatchObject({ image: MEETFLOW_IMAGE, build: '.', env_file: '.env' });
    expect(service.environment?.DATABASE_URL).toBeUndefined();
    expect(service.volumes).toEqual(['meetflow-data:/data']);
    expect(Object.keys(volumes ?? {})).toEqual(['meetflow-data']);
  });
});
