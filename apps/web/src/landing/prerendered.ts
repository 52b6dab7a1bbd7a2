import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { NavItem } from '../layouts/nav-item';

/**
 * What a page rendered to HTML at build time (scripts/prerender-pages.ts) draws instead of
 * the controls that need the app. Such a page runs no React in the browser: the language menu
 * and the phone's menu become disclosures that `landing/enhance.ts` opens and closes. The
 * components come through this context, so the app's own bundle never carries them.
 */
export interface Prerendered {
  LanguageMenu: ComponentType;
  PhoneMenu: ComponentType<{ id: string; navItems: NavItem[]; actions: ReactNode }>;
}

export const PrerenderedContext = createContext<Prerendered | null>(null);

/** The prerendered page's controls, or null in the app. */
export function usePrerendered(): Prerendered | null {
  return useContext(PrerenderedContext);
}
