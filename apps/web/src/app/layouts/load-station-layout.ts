/**
 * The door station's layout, imported through this small chunk: the list of some fifty chunks its
 * import preloads (the scanner, the forms) is written here rather than in the entry, which every
 * public page downloads. The station's first online opening waits for this chunk first; after that
 * the service worker serves both.
 */
export function loadStationLayout() {
  return import('./station-layout.tsx');
}
