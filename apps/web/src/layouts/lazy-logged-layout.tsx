import { lazy } from 'react';

/** The signed-in chrome (account menu, keeping trips offline): loaded for travellers only. */
export const loadLoggedLayout = () => import('./logged-layout');

export const LazyLoggedLayout = lazy(async () => ({
  default: (await loadLoggedLayout()).LoggedLayout,
}));
