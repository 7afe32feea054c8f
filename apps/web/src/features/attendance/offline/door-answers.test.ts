import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formFields } from '@meetflow/shared/forms/form-definition';
import type { OfflineData } from '@meetflow/shared/schemas/offline-door';
import { ApiError, NETWORK_ERROR } from '../../../lib/http-errors.ts';
import { saveDoorAnswers } from './door-answers.ts';
import { createDoorContext, type DoorContext } from './door-context.ts';
import { put } from './door-copy.ts';
import { judgeLocally } from './door-scan.ts';
import type { DoorApi } from './door-types.ts';
import { openKeysAfter, questionsOf } from './open-questions.ts';
import { pendingAfter, NO_PENDING } from './pending-figures.ts';
import { openStationStore, wipeStationData, type StationStore } from './station-store.ts';

const label = (en: string) => ({ 'zh-tw': en, 'zh-cn': en, en });
const doorFields = formFields.parse([
  {
    key: 'diet',
    type: 'choice',
    label: label('Diet'),
    ask_at_door: true,
    options: [{ value: 'veg', label: label('Veg') }],
  },
  { key: 'parking', type: 'yes_no', label: label('Parking'), ask_at_door: true },
  {
    key: 'plate',
    type: 'short_text',
    label: label('Plate'),
    ask_at_door: true,
    required: true,
    show_if: { key: 'parking', values: ['yes'] },
  },
]);

const guest = {
  id: 7,
  key: 'k7',
  name: 'Chan Tai Man',
  user_type_id: null,
  cancelled: false,
  enrolled: true,
  inside: false,
  last_in_at: null,
  last_out_at: null,
  door_keys: ['diet', 'parking', 'plate'],
};

const meta = {
  generated_at: 1,
  meeting: { id: 3, name: 'M', names: { 'zh-tw': 'M', 'zh-cn': 'M', en: 'M' }, meeting_type: 'general' },
  schedule: null,
  time_zone: 'Asia/Macau',
  repeat_window_ms: 5000,
  phone_lookup: false,
  phone_salt: null,
  user_types: [],
  door_fields: doorFields,
} satisfies Omit<OfflineData, 'guests' | 'full'>;

let store: StationStore;
afterEach(async () => {
  store?.close();
  await wipeStationData();
});

async function station(api: Partial<DoorApi>, status: Partial<DoorContext['status']> = {}) {
  store = await openStationStore();
  const ctx = createDoorContext({
    scope: { meetingId: 3, scheduleId: null, station: 'Gate', kiosk: false },
    store,
    api: api as DoorApi,
    now: () => 1_770_000_000_000,
  });
  ctx.meta = meta;
  ctx.status = { ...ctx.status, online: true, ...status };
  put(ctx, guest);
  return ctx;
}

describe('answers given at the door', () => {
  it('closes the questions answered, and those an answer hides, keeping an open follow-up', () => {
    const questions = questionsOf(doorFields, guest);
    expect(openKeysAfter(questions, { diet: 'veg' })).toEqual(['parking', 'plate']);
    expect(openKeysAfter(questions, { parking: false })).toEqual(['diet']);
    expect(openKeysAfter(questions, { parking: true })).toEqual(['diet', 'plate']);
  });

  it('asks the copy’s open questions at an offline check-in, and queues the answers with its scan', async () => {
    const ctx = await station({}, { online: false });
    const answer = await judgeLocally(ctx, guest, 'in', 'en', 'nonce-offline-1');
    expect(answer.door_fields.map((f) => f.key)).toEqual(['diet', 'parking', 'plate']);

    expect(await saveDoorAnswers(ctx, answer, { diet: 'veg', parking: false })).toEqual({ status: 'queued' });
    const [queued] = await store.queued();
    expect(queued!.scan).toMatchObject({
      nonce: 'nonce-offline-1',
      answers: { diet: 'veg', parking: false },
    });
    expect(await store.queueLength()).toBe(1);
    // Not asked again at the next check-in here.
    expect(ctx.byId.get(7)!.door_keys).toBeUndefined();
  });

  it('saves online, and queues answers alone when the server is out of reach', async () => {
    const saveAnswers = vi.fn().mockResolvedValueOnce({ guest_id: 7, saved: ['diet'], door_fields: [] });
    const ctx = await station({ saveAnswers });
    const online = { ...(await judgeLocally(ctx, guest, 'in', 'en', 'n-1')), offline: false };
    await store.removeQueued((await store.queued()).map((q) => q.id));
    ctx.status.queued = 0;
    expect(await saveDoorAnswers(ctx, online, { diet: 'veg' })).toEqual({ status: 'saved' });
    expect(saveAnswers).toHaveBeenCalledWith({
      meeting_id: 3,
      schedule_id: null,
      guest_id: 7,
      answers: { diet: 'veg' },
    });
    expect(ctx.byId.get(7)!.door_keys).toEqual(['parking', 'plate']);

    saveAnswers.mockRejectedValueOnce(new ApiError('offline', NETWORK_ERROR, undefined, null));
    expect(await saveDoorAnswers(ctx, online, { parking: true, plate: 'MX-1' })).toEqual({
      status: 'queued',
    });
    const [item] = await store.queued();
    expect(item!.scan).toMatchObject({
      guest_id: 7,
      answers_only: true,
      answers: { parking: true, plate: 'MX-1' },
    });
    expect(item!.scan.nonce).not.toBe('n-1');
    // Answers alone count in no figure: their scan is on the server already.
    expect(pendingAfter(NO_PENDING, [item!.scan], 1, { meetingId: 3, scheduleId: null })).toEqual(NO_PENDING);
  });

  it("shows the server's refusal of a field", async () => {
    const refusal = new ApiError('Illegal input', 40001, 400, {
      fields: { 'answers.diet': 'Diet is not one of the choices' },
    });
    const ctx = await station({ saveAnswers: vi.fn().mockRejectedValue(refusal) });
    const online = { ...(await judgeLocally(ctx, guest, 'in', 'en', 'n-2')), offline: false };
    await store.removeQueued((await store.queued()).map((q) => q.id));
    ctx.status.queued = 0;
    expect(await saveDoorAnswers(ctx, online, { diet: 'fish' })).toEqual({
      status: 'invalid',
      errors: { diet: 'Diet is not one of the choices' },
    });
    expect(await store.queueLength()).toBe(0);
  });
});
