import type { RouteId } from '@jammy/shared/route-table';
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ Component: ComponentType }>;

/** Each page's module, loaded on demand (spec §2: every route is loaded on demand). */
export const routeModules: Record<RouteId, PageModule> = {
  home: () => import('./routes/home'),
  faq: () => import('./routes/faq'),
  contact: () => import('./routes/contact'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  language: () => import('./routes/language'),
  presets: () => import('./routes/presets'),
  preset: () => import('./routes/preset'),
  shop: () => import('./routes/shop'),
  'shop-cart': () => import('./routes/shop-cart'),
  'shop-product': () => import('./routes/shop-product'),
  login: () => import('./routes/login'),
  'login-start': () => import('./routes/login-start'),
  register: () => import('./routes/register'),
  'register-finish': () => import('./routes/register-finish'),
  'forgot-password': () => import('./routes/forgot-password'),
  'send-email': () => import('./routes/send-email'),
  itineraries: () => import('./routes/itineraries'),
  'itinerary-new': () => import('./routes/itinerary-new'),
  itinerary: () => import('./routes/itinerary'),
  'itinerary-edit': () => import('./routes/itinerary-edit'),
  'itinerary-notes': () => import('./routes/itinerary-notes'),
  'itinerary-import': () => import('./routes/itinerary-import'),
  'itinerary-places': () => import('./routes/itinerary-places'),
  'itinerary-share': () => import('./routes/itinerary-share'),
  stages: () => import('./routes/stages'),
  stage: () => import('./routes/stage'),
  'stage-edit': () => import('./routes/stage-edit'),
  'stage-add': () => import('./routes/stage-add'),
  'stage-add-finish': () => import('./routes/stage-add-finish'),
  'stage-error': () => import('./routes/stage-error'),
  account: () => import('./routes/account'),
  interests: () => import('./routes/interests'),
  'on-boarding': () => import('./routes/on-boarding'),
  'finish-register': () => import('./routes/finish-register'),
  logout: () => import('./routes/logout'),
};
