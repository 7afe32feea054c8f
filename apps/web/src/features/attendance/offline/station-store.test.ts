import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStationStore, wipeStationData, type QueuedScan } from './station-store.ts';

const NAME = 'Chan Tai Man 陳大文';

const scan = (n: number): QueuedScan => ({
  nonce: `nonce-000${n}`,
  meeting_id: 3,
  schedule_id: null,
  station: 'Door A',
  direction: 'auto',
  type: 'in',
  at: 1_770_000_000_000 + n,
  guest_code: `code-${n}`,
  guest_name: NAME,
});

/** Every record of every store, as IndexedDB holds it (what a copy of the disk would show). */
async function rawRecords() {
  const db = await openDB('meetflow-station');
  const records = [];
  for (const store of db.objectStoreNames) records.push(...(await db.getAll(store)));
  db.close();
  return records as unknown[];
}

const contains = (haystack: ArrayBuffer, text: string) =>
  Buffer.from(haystack).includes(Buffer.from(text, 'utf8'));

afterEach(() => wipeStationData());

describe('station store', () => {
  it('reads back what it stored', async () => {
    const store = await openStationStore();
    const snapshot = { generated_at: 5, guests: [{ id: 1, name: NAME, inside: true }] };
    await store.saveSnapshot('3:0', snapshot);
    expect(await store.loadSnapshot('3:0')).toEqual(snapshot);
    expect(await store.loadSnapshot('3:9')).toBeUndefined();

    const first = await store.enqueue(scan(1));
    const { guest_code: _, ...byId } = { ...scan(2), guest_id: 42 }; // a kiosk's phone look-up
    const second = await store.enqueue(byId);
    expect(await store.queueLength()).toBe(2);
    expect(await store.queued()).toEqual([
      { id: first, scan: scan(1) },
      { id: second, scan: byId },
    ]);
    expect((await store.queued(1)).map((q) => q.id)).toEqual([first]);

    await store.removeQueued([first]);
    expect((await store.queued()).map((q) => q.id)).toEqual([second]);
    expect(await store.queueLength()).toBe(1);
    store.close();
  });

  it('stores only ciphertext, under a key no script can read', async () => {
    const store = await openStationStore();
    await store.saveSnapshot('3:0', { guests: [{ name: NAME }] });
    await store.enqueue(scan(1));
    store.close();

    const records = await rawRecords();
    const keys = records.filter((r) => r instanceof CryptoKey);
    const sealed = records.filter((r) => !(r instanceof CryptoKey)) as {
      iv: Uint8Array;
      data: ArrayBuffer;
    }[];
    expect(keys).toHaveLength(1);
    expect(sealed).toHaveLength(2);
    for (const record of sealed) {
      expect(Object.keys(record).sort()).toEqual(['data', 'iv']);
      expect(record.iv.byteLength).toBe(12);
      expect(record.data.byteLength).toBeGreaterThan(16);
      expect(contains(record.data, NAME)).toBe(false);
      expect(contains(record.data, 'Chan')).toBe(false);
      expect(contains(record.data, 'code-1')).toBe(false);
    }
    // Each value has its own IV.
    expect(Buffer.from(sealed[0]!.iv).equals(Buffer.from(sealed[1]!.iv))).toBe(false);
    const key = keys[0] as CryptoKey;
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('keeps the queue and its order across reopening', async () => {
    let store = await openStationStore();
    for (const n of [1, 2, 3]) await store.enqueue(scan(n));
    store.close();

    store = await openStationStore();
    const before = await store.queued();
    expect(before.map((q) => q.scan.nonce)).toEqual(['nonce-0001', 'nonce-0002', 'nonce-0003']);
    await store.removeQueued([before[0]!.id]);
    await store.enqueue(scan(4));
    store.close();

    store = await openStationStore();
    expect((await store.queued()).map((q) => q.scan.nonce)).toEqual([
      'nonce-0002',
      'nonce-0003',
      'nonce-0004',
    ]);
    store.close();
  });

  it('wipes everything, even with stores still open', async () => {
    const open = await openStationStore();
    // Another tab: its own copy of the module, whose connections this page cannot close.
    vi.resetModules();
    const otherTab = (await import('./station-store.ts')) as typeof import('./station-store.ts');
    const other = await otherTab.openStationStore();
    await open.saveSnapshot('3:0', { name: NAME });
    await open.enqueue(scan(1));

    const onBlocked = vi.fn();
    await wipeStationData({ onBlocked });
    expect(onBlocked).not.toHaveBeenCalled();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('meetflow-station');
    await expect(other.queueLength()).rejects.toThrow(); // the other tab's store closed itself

    const fresh = await openStationStore();
    expect(await fresh.loadSnapshot('3:0')).toBeUndefined();
    expect(await fresh.queueLength()).toBe(0);
    fresh.close();
  });

  it('tells when a foreign connection blocks the wipe, and finishes once it closes', async () => {
    const store = await openStationStore();
    await store.enqueue(scan(1));
    const foreign = await openDB('meetflow-station'); // a connection that ignores versionchange
    const onBlocked = vi.fn();

    const wiped = wipeStationData({ onBlocked });
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
    foreign.close();
    await wiped;
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('meetflow-station');
  });
});
