import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openStationStore } from './station-store.ts';
import { forgetStationData, STATION_DB } from '../../../lib/station-data.ts';

const scan = {
  nonce: 'nonce-0001',
  meeting_id: 1,
  schedule_id: null,
  station: 'Gate',
  direction: 'in' as const,
  type: 'in' as const,
  at: 1,
  guest_id: 7,
  guest_name: 'Chan Tai Man',
};

async function databaseExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((db) => db.name === STATION_DB);
}

describe('forgetting the station data at logout', () => {
  it('deletes the whole database when nothing waits for upload', async () => {
    const store = await openStationStore();
    await store.saveSnapshot('1:0', { guests: ['Chan Tai Man'] });
    store.close();
    await forgetStationData();
    expect(await databaseExists()).toBe(false);
  });

  it('drops the copy but keeps scans not yet uploaded', async () => {
    const store = await openStationStore();
    await store.saveSnapshot('1:0', { guests: ['Chan Tai Man'] });
    await store.enqueue(scan);
    store.close();
    await forgetStationData();
    const again = await openStationStore();
    expect(await again.loadSnapshot('1:0')).toBeUndefined();
    expect((await again.queued()).map((q) => q.scan)).toEqual([scan]);
    again.close();
  });

  it('leaves nothing behind on a device that never was a station', async () => {
    indexedDB.deleteDatabase(STATION_DB);
    await forgetStationData();
    expect(await databaseExists()).toBe(false);
  });
});
