import type { WalkInRequest } from '@meetflow/shared/schemas/walk-ins';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { STATION_DB } from '../../../lib/station-data.ts';
import type { ScanDirection, ScanType } from './offline-judge.ts';

/*
 * The door station's local data: the copy of its scope's guests and the scans it judged offline,
 * waiting for upload. Encrypted at rest as far as a browser allows: an AES-GCM key generated as
 * non-extractable and kept in the same database (IndexedDB stores CryptoKey objects, and no script
 * can read the raw key out of one), so the files on the device's disk hold no names in clear. A
 * script running in the page can still use the key: this guards the disk, not the origin.
 */

/** A scan judged offline, as it will be uploaded (the shared offlineScan schema) plus its scope. */
export interface QueuedScan {
  nonce: string;
  meeting_id: number;
  schedule_id: number | null;
  station: string;
  direction: ScanDirection;
  type: ScanType;
  at: number;
  guest_code?: string;
  guest_id?: number;
  guest_name: string;
  /** Ask-at-door answers given with this scan (issue 42). */
  answers?: Record<string, unknown>;
  /**
   * Answers alone, given after their scan had gone to the server: `type` and `at` are that scan's,
   * and the item counts in no figure.
   */
  answers_only?: boolean;
  /**
   * A walk-in registered at this station while offline (issue 45): the visitor's own data, queued
   * (sealed like every value here) only until it has gone up; the item is then deleted.
   */
  walk_in?: WalkInPerson;
}

/** What the door asked a walk-in (the shared walkInPerson schema). */
export type WalkInPerson = Required<WalkInRequest['person']>;

export interface StationStore {
  saveSnapshot(scopeKey: string, value: unknown): Promise<void>;
  loadSnapshot<T>(scopeKey: string): Promise<T | undefined>;
  /** Resolves once the scan is committed: a scan the door has answered must survive a crash. */
  enqueue(scan: QueuedScan): Promise<number>;
  /** Oldest first, the order the server must replay them in. */
  queued(limit?: number): Promise<{ id: number; scan: QueuedScan }[]>;
  removeQueued(ids: readonly number[]): Promise<void>;
  /**
   * Adds ask-at-door answers to the queued scan with this nonce (merged over any it carries);
   * false when that scan is no longer queued (gone up, or set aside).
   */
  attachAnswers(nonce: string, answers: Record<string, unknown>): Promise<boolean>;
  queueLength(): Promise<number>;
  /**
   * Sets queued scans aside that the server refused for good (the meeting gone, no permission): kept
   * on the device, out of the queue's way, until the operator sends them again.
   */
  holdQueued(ids: readonly number[]): Promise<void>;
  heldCount(): Promise<number>;
  /** Puts the held scans back at the end of the queue. */
  releaseHeld(): Promise<void>;
  close(): void;
}

/** Every stored value: AES-GCM of its JSON, with the value's own random IV. */
interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface StationDb extends DBSchema {
  keys: { key: string; value: CryptoKey };
  snapshots: { key: string; value: Sealed };
  queue: { key: number; value: Sealed };
  held: { key: number; value: Sealed };
}

const DB_NAME = STATION_DB;
const KEY_ID = 'data';

/** This page's open connections, closed before a wipe (a delete waits for every connection). */
const openConnections = new Set<IDBPDatabase<StationDb>>();

function closeConnection(db: IDBPDatabase<StationDb>): void {
  db.close();
  openConnections.delete(db);
}

/** The database's key, made on first use; of two pages making one at once, the first stored wins. */
async function dataKey(db: IDBPDatabase<StationDb>): Promise<CryptoKey> {
  const existing = await db.get('keys', KEY_ID);
  if (existing) return existing;
  // Generated outside the transaction: an IndexedDB transaction ends while awaiting anything else.
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const tx = db.transaction('keys', 'readwrite');
  const stored = await tx.store.get(KEY_ID);
  if (!stored) await tx.store.put(fresh, KEY_ID);
  await tx.done;
  return stored ?? fresh;
}

export async function openStationStore(): Promise<StationStore> {
  const db = await openDB<StationDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('keys');
        database.createObjectStore('snapshots');
        database.createObjectStore('queue', { autoIncrement: true });
      }
      if (oldVersion < 2) database.createObjectStore('held', { autoIncrement: true });
    },
    // Another page wipes the data (logout) or upgrades the schema: let it, this store is done.
    blocking() {
      closeConnection(db);
    },
  });
  openConnections.add(db);
  const key = await dataKey(db);

  async function seal(value: unknown): Promise<Sealed> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify(value));
    return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain) };
  }

  async function open<T>(sealed: Sealed): Promise<T> {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  }

  return {
    async saveSnapshot(scopeKey, value) {
      const sealed = await seal(value);
      await db.put('snapshots', sealed, scopeKey);
    },

    async loadSnapshot<T>(scopeKey: string) {
      const sealed = await db.get('snapshots', scopeKey);
      return sealed ? open<T>(sealed) : undefined;
    },

    async enqueue(scan) {
      const sealed = await seal(scan);
      const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
      const id = await tx.store.add(sealed);
      await tx.done;
      return id;
    },

    async queued(limit) {
      // One transaction, so the ids and the records are the same rows.
      const tx = db.transaction('queue');
      const [ids, records] = await Promise.all([
        tx.store.getAllKeys(null, limit),
        tx.store.getAll(null, limit),
      ]);
      const scans = await Promise.all(records.map((sealed) => open<QueuedScan>(sealed)));
      return ids.map((id, i) => ({ id, scan: scans[i]! }));
    },

    async removeQueued(ids) {
      const tx = db.transaction('queue', 'readwrite');
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },

    async attachAnswers(nonce, answers) {
      // Read, decrypted and sealed outside the writing transaction: an IndexedDB transaction ends
      // while awaiting anything else. Keys are never reused, so the key still there is the scan.
      const read = db.transaction('queue');
      const [keys, records] = await Promise.all([read.store.getAllKeys(), read.store.getAll()]);
      for (const [i, sealed] of records.entries()) {
        const scan = await open<QueuedScan>(sealed);
        if (scan.nonce !== nonce) continue;
        const resealed = await seal({ ...scan, answers: { ...scan.answers, ...answers } });
        const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
        // An upload between the read and this write has taken it: then it is gone.
        const still = await tx.store.get(keys[i]!);
        if (still) await tx.store.put(resealed, keys[i]!);
        await tx.done;
        return still !== undefined;
      }
      return false;
    },

    queueLength: () => db.count('queue'),

    async holdQueued(ids) {
      const tx = db.transaction(['queue', 'held'], 'readwrite', { durability: 'strict' });
      const queue = tx.objectStore('queue');
      const held = tx.objectStore('held');
      for (const id of ids) {
        const sealed = await queue.get(id);
        if (!sealed) continue;
        await held.add(sealed);
        await queue.delete(id);
      }
      await tx.done;
    },

    heldCount: () => db.count('held'),

    async releaseHeld() {
      const tx = db.transaction(['queue', 'held'], 'readwrite', { durability: 'strict' });
      const held = tx.objectStore('held');
      for (const sealed of await held.getAll()) await tx.objectStore('queue').add(sealed);
      await held.clear();
      await tx.done;
    },

    close: () => closeConnection(db),
  };
}

/**
 * Deletes all the station's data (at logout). This page's connections close first, and those of
 * other pages close themselves (blocking() above). Should some connection stay open anyway,
 * `onBlocked` is told (to ask the user to close other tabs) and the promise settles when the
 * deletion is done, which is once that connection closes.
 */
export async function wipeStationData(options: { onBlocked?: () => void } = {}): Promise<void> {
  for (const db of [...openConnections]) closeConnection(db);
  await deleteDB(DB_NAME, { blocked: () => options.onBlocked?.() });
}
