import { describe, expect, it } from 'vitest';
import { WAITLIST_STATUSES } from '@meetflow/shared/schemas/waitlist';
import { i18n } from '../../lib/i18n.ts';
import { parseListState } from '../../lib/use-list-state.ts';
import { waitlistLink } from '../../lib/waitlist.ts';
import {
  isActive,
  LIST_OPTIONS,
  listQuery,
  offerModeText,
  promotionText,
  removalText,
  seatsText,
  showsOffers,
  STATUS_COLORS,
  type Text,
} from './waitlist-logic.ts';
import './i18n.ts';

/** A text as an English reader sees it. */
const inEnglish = (text: Text) => i18n.getFixedT('en')(`waitlist.${text.key}`, text.values);

describe('promotionText', () => {
  it('says that a full meeting or session gets one more seat for the promotion', () => {
    const full = { seats_taken: 50, seat_limit: 50 };
    expect(inEnglish(promotionText({ status: 'waiting' }, full, 'meeting'))).toBe(
      'The meeting is full: promoting raises its limit from 50 to 51.',
    );
    expect(
      inEnglish(promotionText({ status: 'waiting' }, { seats_taken: 12, seat_limit: 10 }, 'session')),
    ).toBe('The session is full: promoting raises its limit from 10 to 11.');
  });

  it('says a free seat is taken when there is one, or no limit at all', () => {
    expect(promotionText({ status: 'waiting' }, { seats_taken: 49, seat_limit: 50 }, 'meeting')).toEqual({
      key: 'promote.free',
    });
    expect(promotionText({ status: 'waiting' }, { seats_taken: 500, seat_limit: 0 }, 'session')).toEqual({
      key: 'promote.free',
    });
  });

  it('says an offered entry already holds its seat, even when the meeting is full', () => {
    expect(promotionText({ status: 'offered' }, { seats_taken: 50, seat_limit: 50 }, 'meeting')).toEqual({
      key: 'promote.held',
    });
  });
});

describe('removalText', () => {
  it('says that the seat held for an offered entry passes on', () => {
    expect(inEnglish(removalText({ status: 'offered' }))).toBe(
      'The seat held for them passes to the next in line.',
    );
    expect(removalText({ status: 'waiting' }).key).toBe('remove.waiting');
  });
});

describe('statuses', () => {
  it('lets the organiser act on those still on the list only', () => {
    expect(WAITLIST_STATUSES.filter(isActive)).toEqual(['waiting', 'offered']);
  });

  it('tells apart waiting, offered, promoted and removed by colour, and greys the rest', () => {
    const colours = [
      STATUS_COLORS.waiting,
      STATUS_COLORS.offered,
      STATUS_COLORS.promoted,
      STATUS_COLORS.removed,
    ];
    expect(new Set(colours).size).toBe(4);
    expect(colours).not.toContain(undefined);
    expect([STATUS_COLORS.expired, STATUS_COLORS.declined, STATUS_COLORS.left]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('has a label for every status in every language', () => {
    for (const lang of ['zh-tw', 'zh-cn', 'en'] as const) {
      const t = i18n.getFixedT(lang);
      for (const status of WAITLIST_STATUSES) {
        expect(t(`waitlist.statuses.${status}`)).not.toBe(`waitlist.statuses.${status}`);
      }
    }
  });
});

describe('settings texts', () => {
  it('says whether freed seats go at once or are offered, with the hours', () => {
    expect(inEnglish(offerModeText(0))).toBe('Given to the first in line at once');
    expect(inEnglish(offerModeText(1))).toBe('Offered to the first in line by e-mail, held 1 hour');
    expect(inEnglish(offerModeText(48))).toBe('Offered to the first in line by e-mail, held 48 hours');
  });

  it('gives the seats against the limit, or says there is none', () => {
    expect(inEnglish(seatsText({ seats_taken: 50, seat_limit: 50 }))).toBe('50 / 50 taken');
    expect(inEnglish(seatsText({ seats_taken: 7, seat_limit: 0 }))).toBe('7 taken (no limit)');
  });

  it('shows the offer column while offers are made or still pending', () => {
    const counts = { waiting: 3, offered: 0, expired: 0, promoted: 0 };
    expect(showsOffers({ offer_hours: 0, counts })).toBe(false);
    expect(showsOffers({ offer_hours: 24, counts })).toBe(true);
    // Switched back to automatic with an offer still open.
    expect(showsOffers({ offer_hours: 0, counts: { ...counts, offered: 1 } })).toBe(true);
  });
});

describe('the page state', () => {
  it("asks for the meeting's own active list by default", () => {
    expect(listQuery(1, 50, {})).toEqual({ schedule_id: 0, show: 'active', page: 1, page_size: 50 });
    expect(listQuery(2, 20, { meeting: 3, session: 9, show: 'all' })).toEqual({
      schedule_id: 9,
      show: 'all',
      page: 2,
      page_size: 20,
    });
  });

  it('reads the links of the meeting list and the schedule detail', () => {
    const search = (link: string) => link.slice(link.indexOf('?'));
    expect(parseListState(search(waitlistLink(12)), LIST_OPTIONS).filters).toEqual({ meeting: 12 });
    expect(parseListState(search(waitlistLink(12, 34)), LIST_OPTIONS).filters).toEqual({
      meeting: 12,
      session: 34,
    });
  });
});
