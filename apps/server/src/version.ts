import fs from 'node:fs';

/**
 * The release this instance runs: the root package.json's semantic version, the one place it is written
 * (docs/releasing.md). Read relative to this file, so it holds in a checkout and in a container image
 * whose app folder is the repository root.
 */
export function readVersion(packageJson = new URL('../../../package.json', import.meta.url)): string {
  const { version } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/.test(version)) {
    throw new Error(`${packageJson.pathname} has no semantic "version"`);
  }
  return version;
}

export const VERSION = readVersion();
