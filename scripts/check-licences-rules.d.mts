// Types of check-licences-rules.mjs for the TypeScript tests that import it.
export type LicenceVerdict = { ok: true } | { ok: false; reason: 'unknown' | 'incompatible'; detail: string };
export const COMPATIBLE_LICENCES: string[];
export const LICENCES_FOR_SOME_PACKAGES: Record<string, { packages: RegExp; what: string }>;
export const REVIEWED_LICENCES: Record<string, { licence: string; source: string }>;
export function declaredLicence(manifest: unknown): string | undefined;
export function licenceVerdict(licence: string | undefined, packageName?: string): LicenceVerdict;
