import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_FILE, metadataFor, renderPhoneMetadata } from './phone-metadata.ts';

describe('the phone metadata of our area codes', () => {
  it('keeps only the regions of the calling codes asked for', () => {
    const full = {
      version: 4,
      country_calling_codes: { '853': ['MO'], '1': ['US', 'CA'] },
      countries: { MO: ['853'], US: ['1'], CA: ['1'] },
      nonGeographic: { '800': ['800'] },
    };
    expect(metadataFor(full, ['853'])).toEqual({
      version: 4,
      country_calling_codes: { '853': ['MO'] },
      countries: { MO: ['853'] },
      nonGeographic: {},
    });
  });

  it('is up to date with the installed libphonenumber-js (else run scripts/phone-metadata.ts)', async () => {
    expect(fs.readFileSync(PHONE_METADATA_FILE, 'utf8')).toBe(await renderPhoneMetadata());
  });
});
