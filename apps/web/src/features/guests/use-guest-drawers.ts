import { useState } from 'react';
import type { AdminGuest } from './guests-types.ts';

/** Which of the guest list's drawers is open: details, the form, the broadcast or the import. */
export function useGuestDrawers() {
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ guest: AdminGuest | null } | null>(null);
  const [broadcasting, setBroadcasting] = useState(false);
  // The import drawer: a new upload (null) or following a running import.
  const [importing, setImporting] = useState<{ resumeId: number | null } | null>(null);
  return {
    viewing,
    setViewing,
    editing,
    setEditing,
    broadcasting,
    setBroadcasting,
    importing,
    setImporting,
  };
}

export type GuestDrawers = ReturnType<typeof useGuestDrawers>;
