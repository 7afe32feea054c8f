// Types of check-licences.mjs for the TypeScript tests that import it.
import type { LicenceVerdict } from './check-licences-rules.mjs';

export type LockEntry = Record<string, unknown> & { version?: string; license?: string };
export type Lock = { packages: Record<string, LockEntry> };
export type LicenceRow = {
  name: string;
  version: string;
  licence: string | undefined;
  verdict: LicenceVerdict;
};
export type ForeignFile = { file: string; licence: string; verdict: LicenceVerdict };
export function runtimePackagePaths(lock: Lock): string[];
export function licenceRows(lock: Lock, root?: string): LicenceRow[];
export function filesFromElsewhere(root?: string): ForeignFile[];
export function renderReport(rows: LicenceRow[], files: ForeignFile[]): string;
export function checkLicences(
  root: string,
  mode: '--check' | '--write',
): { rows: LicenceRow[]; files: ForeignFile[]; refused: unknown[]; stale: boolean };
