import { createContext, useContext } from 'react';

/**
 * False inside a cached page that is currently hidden. Lets a page drop test ids and landmarks
 * that must be unique on screen (e.g. page-title) while it waits in the background.
 */
export const PageVisibilityContext = createContext(true);

export function usePageVisible(): boolean {
  return useContext(PageVisibilityContext);
}
