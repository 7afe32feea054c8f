import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingWaitlistEntry, WaitlistPlace } from '@meetflow/shared/schemas/waitlist';
import { loadVisitor } from './public-api.ts';
import { entryPhase, seatState, sessionRowState, signUpMode } from './waitlist-state.ts';

const place = (over: Partial<WaitlistPlace>): WaitlistPlace => ({
  schedule_id: 7,
  status: 'waiting',
  position: 3,
  joined_at: 1,
  offer_expires_at: null,
  offer_token: null,
  ...over,
});

describe('sign-up page mode', () => {
  it('offers the waiting list only for a full meeting whose list is open', () => {
    expect(signUpMode({ status: 'open', waitlist_open: false })).toBe('form');
    expect(signUpMode({ status: 'full', waitlist_open: true })).toBe('waitlist');
    expect(signUpMode({ status: 'full', waitlist_open: false })).toBe('closed');
    // A list never reopens a meeting closed for another reason.
    expect(signUpMode({ status: 'deadline_passed', waitlist_open: true })).toBe('closed');
    expect(signUpMode({ status: 'disabled', waitlist_open: true })).toBe('closed');
  });
});

describe('session seats', () => {
  it('is free unless no seat is left; full sessions offer their open list', () => {
    expect(seatState({ seats_left: null, waitlist_open: false })).toBe('free');
    expect(seatState({ seats_left: 2, waitlist_open: true })).toBe('free');
    expect(seatState({ seats_left: 0, waitlist_open: true })).toBe('waitlist');
    expect(seatState({ seats_left: 0, waitlist_open: false })).toBe('full');
  });
});

describe("guest's session row", () => {
  const full = { id: 7, seats_left: 0, waitlist_open: false };

  it('shows the place on the list before the seats, whatever they are', () => {
    const waiting = place({ status: 'waiting', position: 4 });
    expect(sessionRowState(full, [waiting])).toEqual({ kind: 'waiting', place: waiting });
    const offered = place({ status: 'offered', position: null, offer_token: 'tok', offer_expires_at: 99 });
    expect(sessionRowState({ ...full, seats_left: 1 }, [offered])).toEqual({
      kind: 'offered',
      place: offered,
    });
  });

  it("ignores other sessions' places and places no longer on the list", () => {
    expect(sessionRowState(full, [place({ schedule_id: 8 })])).toEqual({ kind: 'full' });
    expect(sessionRowState({ ...full, waitlist_open: true }, [place({ status: 'expired' })])).toEqual({
      kind: 'waitlist',
    });
    expect(sessionRowState({ ...full, seats_left: 5 }, [])).toEqual({ kind: 'free' });
  });
});

describe('waiting page phase', () => {
  it('keeps waiting and offered on the list, promoted to the guest page, the rest off it', () => {
    expect(entryPhase('waiting')).toBe('waiting');
    expect(entryPhase('offered')).toBe('offered');
    expect(entryPhase('promoted')).toBe('promoted');
    for (const status of ['expired', 'declined', 'left', 'removed'] as const)
      expect(entryPhase(status)).toBe('off');
  });
});

describe('what a stored token opens', () => {
  const entry = (status: MeetingWaitlistEntry['status']): MeetingWaitlistEntry => ({
    ...place({ schedule_id: 0, status }),
    meeting_public_id: 'm1',
    display_name: 'Chan',
    masked_phone: '',
    masked_email: '',
    schedule_ids: [],
  });
  const guest = { meeting_public_id: 'm1', guest_code: 'g' };
  const envelope = (code: number, data: unknown = null) =>
    new Response(JSON.stringify({ code, message: code ? 'no' : 'ok', data }), {
      status: code ? 401 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  /** Answers each path from the list given for it, in order; records the paths asked. */
  const serve = (answers: Record<string, Response[]>) => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const path = url.replace('/api/public', '');
        asked.push(path);
        const next = answers[path]?.shift();
        return next ? Promise.resolve(next) : Promise.reject(new Error(`unexpected ${path}`));
      }),
    );
    return asked;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is a guest's page when the guest endpoint knows the token", async () => {
    const asked = serve({ '/guest': [envelope(0, guest)] });
    await expect(loadVisitor('t')).resolves.toEqual({ kind: 'guest', guest });
    expect(asked).toEqual(['/guest']);
  });

  it('falls back to the waiting list only for a token the guest endpoint refuses', async () => {
    const asked = serve({ '/guest': [envelope(40150)], '/waitlist': [envelope(0, entry('waiting'))] });
    await expect(loadVisitor('t')).resolves.toEqual({ kind: 'waiting', entry: entry('waiting') });
    expect(asked).toEqual(['/guest', '/waitlist']);

    serve({ '/guest': [envelope(50000)] });
    await expect(loadVisitor('t')).rejects.toMatchObject({ code: 50000 });
  });

  it("is an application's state when the guest endpoint answers APPLICATION_WAITING with it", async () => {
    const application = {
      meeting_public_id: 'm1',
      status: 'rejected',
      display_name: 'Chan',
      reason: 'Members only',
      submitted_at: 1,
      decided_at: 2,
    };
    const asked = serve({ '/guest': [envelope(40924, { application })] });
    await expect(loadVisitor('t')).resolves.toEqual({ kind: 'application', application });
    // An applicant has no place on the waiting list to look for.
    expect(asked).toEqual(['/guest']);
  });

  it('reads the guest page once more when the place turned into a seat between the reads', async () => {
    const asked = serve({
      '/guest': [envelope(40150), envelope(0, guest)],
      '/waitlist': [envelope(0, entry('promoted'))],
    });
    await expect(loadVisitor('t')).resolves.toEqual({ kind: 'guest', guest });
    expect(asked).toEqual(['/guest', '/waitlist', '/guest']);
  });
});
