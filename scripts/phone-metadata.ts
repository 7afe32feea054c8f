/**
 * Writes packages/shared/src/phone-metadata.json: libphonenumber's full ("max") metadata cut down to
 * the regions of our area codes. The web forms and the server then check phones by the very same
 * rules (the "min" metadata only checks lengths, and accepted Macao numbers the full one refuses),
 * while the public bundle carries a few KB instead of the whole world's ~40 KB.
 * Run again after upgrading libphonenumber-js: `npx node scripts/phone-metadata.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { format, resolveConfig } from 'prettier';
import { AREA_CODES } from '../packages/shared/src/constants.ts';

interface Metadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

export const PHONE_METADATA_FILE = path.join(
  import.meta.dirname,
  '../packages/shared/src/phone-metadata.json',
);

/** The metadata of the regions behind `callingCodes` only. */
export function metadataFor(full: Metadata, callingCodes: readonly string[]): Metadata {
  const country_calling_codes = Object.fromEntries(
    callingCodes.map((code) => [code, full.country_calling_codes[code] ?? []]),
  );
  const regions = Object.values(country_calling_codes).flat();
  return {
    version: full.version,
    country_calling_codes,
    countries: Object.fromEntries(regions.map((region) => [region, full.countries[region]])),
    nonGeographic: {},
  };
}

/** The file's expected text, from the installed libphonenumber-js. */
export async function renderPhoneMetadata(): Promise<string> {
  const full = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as Metadata;
  const subset = metadataFor(
    full,
    AREA_CODES.map((area) => area.value),
  );
  const style = await resolveConfig(PHONE_METADATA_FILE);
  return format(JSON.stringify(subset), { ...style, filepath: PHONE_METADATA_FILE });
}

if (import.meta.main) fs.writeFileSync(PHONE_METADATA_FILE, await renderPhoneMetadata());
