import { createContext, useContext } from 'react';

/**
 * True while the landing page is rendered to HTML at build time (scripts/prerender-landing.ts).
 * Such a page runs no React in the browser: the few controls that need a script (the language
 * list, the phone's menu) render as disclosures that `landing/enhance.ts` opens and closes.
 */
export const PrerenderedContext = createContext(false);

export function usePrerendered(): boolean {
  return useContext(PrerenderedContext);
}
