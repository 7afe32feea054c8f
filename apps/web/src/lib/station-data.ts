/*
 * What a logout does to a door station's data on this device (features/attendance/offline keeps
 * it). The copy of the guests goes; scans judged offline and not yet uploaded stay, so that the
 * next login on this station sends them: an entry the door has answered is never dropped. Plain
 * IndexedDB calls, so that the logout does not load the station's code.
 */
export const STATION_DB = 'meetflow-station';

/**
 * Whether the open door station's last call reached the server. Venue Wi-Fi can be up with the
 * server out of reach (navigator.onLine stays true): the session keeper asks this instead.
 */
let stationReachable = true;

export function noteStationReachable(reachable: boolean): void {
  stationReachable = reachable;
}

export function isStationReachable(): boolean {
  return stationReachable;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

/** Deletes the station's database, or only its copy while scans wait for upload (queued or held). */
export async function forgetStationData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const known = await indexedDB.databases?.();
  if (known && !known.some((db) => db.name === STATION_DB)) return;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(STATION_DB);
    // No station was ever set up here: nothing to forget, and no empty database left behind.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
  }).catch(() => null);
  if (!db) return;
  // Scans still queued, or held back after a refusal, are answered entries: they stay.
  let waiting = 0;
  for (const name of ['queue', 'held'].filter((store) => db.objectStoreNames.contains(store))) {
    waiting += await request(db.transaction(name).objectStore(name).count());
  }
  if (waiting > 0) {
    await request(db.transaction('snapshots', 'readwrite').objectStore('snapshots').clear());
    db.close();
    return;
  }
  db.close();
  await request(indexedDB.deleteDatabase(STATION_DB));
}
