import { useEffect } from 'react';
import { progressDone, progressStart } from '../lib/progress.ts';

/** Shown while a page's chunk loads for the first time; the progress bar runs meanwhile. */
export function BootFallback() {
  useEffect(() => {
    progressStart();
    return progressDone;
  }, []);
  return <div className="mf-boot" aria-busy="true" />;
}
