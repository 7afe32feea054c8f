import { describe, expect, it } from 'vitest';
import { badgeQuery } from '@meetflow/shared/schemas/certificates';
import { badgePath, framePrintsPdf, printableGuest } from './badge-print.ts';

describe('printing a badge at the door', () => {
  it("asks for one guest's badge in the badge printer's layout", () => {
    const path = badgePath(12, 345);
    expect(path).toBe('/meetings/12/badges?layout=single&guest_id=345');
    const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(badgeQuery.parse(query)).toEqual({ layout: 'single', guest_id: 345 });
  });

  it('offers the badge of a guest the server identified, online, to a user who may print it', () => {
    const ok = { online: true, allowed: true };
    expect(printableGuest({ guestId: 7, offline: false }, ok)).toBe(7);
    expect(printableGuest(null, ok)).toBeNull();
    expect(printableGuest({ guestId: null, offline: false }, ok)).toBeNull();
    // Judged from the station's copy, the device offline, or no permission: no button.
    expect(printableGuest({ guestId: 7, offline: true }, ok)).toBeNull();
    expect(printableGuest({ guestId: 7, offline: false }, { online: false, allowed: true })).toBeNull();
    expect(printableGuest({ guestId: 7, offline: false }, { online: true, allowed: false })).toBeNull();
  });

  it('prints from a frame only where the browser shows PDFs inline', () => {
    expect(framePrintsPdf({ pdfViewerEnabled: true })).toBe(true);
    expect(framePrintsPdf({})).toBe(true);
    expect(framePrintsPdf({ pdfViewerEnabled: false })).toBe(false);
  });
});
