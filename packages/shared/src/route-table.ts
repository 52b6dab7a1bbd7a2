import { isUuidV7 } from './uuid';
import { splitLanguagePrefix, type Language } from './languages';

/**
 * Which chrome a page gets (DESIGN §3). `visitor` means "logged if signed in, else not-logged".
 */
export type LayoutName = 'empty' | 'logged' | 'not-logged' | 'visitor';

/**
 * Who may open a page: `public` anyone; `signed-in` only a signed-in user (others are sent to
 * /login/start); `signed-in-or-share` the same, except that anyone may open it with a share-link
 * token (`?share=`; the API decides what the token shows); `anonymous` only a visitor who is
 * not signed in (others go to /itineraries).
 */
export type Access = 'public' | 'signed-in' | 'signed-in-or-share' | 'anonymous';

export interface RouteDefinition {
  /** Stable name: translation keys (`routes.<id>.title`) and page modules hang off it. */
  readonly id: string;
  /** Path pattern without language prefix; parameters as `:name`. */
  readonly path: string;
  readonly layout: LayoutName;
  readonly access: Access;
}

/** Every page of Jammy (spec §2 and DESIGN §3), in one place: the web router and the server use it. */
export const ROUTES = [
  { id: 'home', path: '/', layout: 'visitor', access: 'public' },
  { id: 'faq', path: '/faq', layout: 'visitor', access: 'public' },
  { id: 'contact', path: '/contact', layout: 'visitor', access: 'public' },
  { id: 'privacy', path: '/privacy', layout: 'visitor', access: 'public' },
  { id: 'terms', path: '/terms', layout: 'visitor', access: 'public' },
  { id: 'language', path: '/language', layout: 'visitor', access: 'public' },
  { id: 'presets', path: '/jammy-itineraries', layout: 'visitor', access: 'public' },
  { id: 'preset', path: '/jammy-itineraries/:id', layout: 'visitor', access: 'public' },
  { id: 'shop', path: '/shop', layout: 'visitor', access: 'public' },
  // Browsing and the cart are public; ordering asks for sign-in on the cart page itself.
  { id: 'shop-cart', path: '/shop/cart', layout: 'visitor', access: 'public' },
  { id: 'shop-product', path: '/shop/:id', layout: 'visitor', access: 'public' },

  { id: 'login', path: '/login', layout: 'not-logged', access: 'anonymous' },
  { id: 'login-start', path: '/login/start', layout: 'not-logged', access: 'anonymous' },
  // The second step of a sign-in (a code from the app): nobody is signed in until it is done.
  {
    id: 'login-second-factor',
    path: '/login/second-factor',
    layout: 'not-logged',
    access: 'anonymous',
  },
  { id: 'register', path: '/register', layout: 'not-logged', access: 'anonymous' },
  { id: 'register-finish', path: '/register/finish', layout: 'not-logged', access: 'anonymous' },
  // Public: a signed-in traveller may follow a reset link too.
  { id: 'forgot-password', path: '/forgot-password', layout: 'not-logged', access: 'public' },
  { id: 'send-email', path: '/send-email', layout: 'not-logged', access: 'anonymous' },

  { id: 'itineraries', path: '/itineraries', layout: 'logged', access: 'signed-in' },
  { id: 'itinerary-new', path: '/itinerary', layout: 'logged', access: 'signed-in' },
  // A share-link holder needs no account: visitor chrome for them, the traveller's for members.
  {
    id: 'itinerary',
    path: '/itinerary/:id',
    layout: 'visitor',
    access: 'signed-in-or-share',
  },
  { id: 'itinerary-edit', path: '/itinerary/:id/edit', layout: 'logged', access: 'signed-in' },
  { id: 'itinerary-notes', path: '/itinerary/:id/notes', layout: 'logged', access: 'signed-in' },
  {
    id: 'itinerary-bookings',
    path: '/itinerary/:id/bookings',
    layout: 'logged',
    access: 'signed-in',
  },
  { id: 'itinerary-budget', path: '/itinerary/:id/budget', layout: 'logged', access: 'signed-in' },
  { id: 'itinerary-places', path: '/itinerary/:id/place', layout: 'logged', access: 'signed-in' },
  { id: 'itinerary-share', path: '/itinerary/:id/share', layout: 'logged', access: 'signed-in' },
  // The trip laid out for paper or a PDF: no chrome around it.
  { id: 'itinerary-print', path: '/itinerary/:id/print', layout: 'empty', access: 'signed-in' },
  // Files (GPX, KML, GeoJSON, calendars) and pasted lists of places into the trip.
  { id: 'itinerary-import', path: '/itinerary/:id/import', layout: 'logged', access: 'signed-in' },
  { id: 'stages', path: '/itinerary/:id/stage', layout: 'logged', access: 'signed-in' },
  { id: 'stage', path: '/itinerary/:id/stage/:stageId', layout: 'logged', access: 'signed-in' },
  {
    id: 'stage-edit',
    path: '/itinerary/:id/stage/:stageId/edit',
    layout: 'logged',
    access: 'signed-in',
  },
  {
    id: 'stage-add',
    path: '/itinerary/:id/stage/:stageId/add',
    layout: 'logged',
    access: 'signed-in',
  },
  {
    id: 'stage-add-finish',
    path: '/itinerary/:id/stage/:stageId/add/finish',
    layout: 'logged',
    access: 'signed-in',
  },
  {
    id: 'stage-error',
    path: '/itinerary/:id/stage/:stageId/error',
    layout: 'logged',
    access: 'signed-in',
  },
  { id: 'account', path: '/account', layout: 'logged', access: 'signed-in' },
  { id: 'interests', path: '/interests', layout: 'logged', access: 'signed-in' },
  // Booking confirmations forwarded or uploaded, reviewed before they reach a trip.
  { id: 'inbox', path: '/inbox', layout: 'logged', access: 'signed-in' },

  { id: 'on-boarding', path: '/on-boarding', layout: 'empty', access: 'signed-in' },
  { id: 'finish-register', path: '/finish-register', layout: 'empty', access: 'signed-in' },
  { id: 'logout', path: '/logout', layout: 'empty', access: 'public' },
] as const satisfies readonly RouteDefinition[];

export type Route = (typeof ROUTES)[number];
export type RouteId = Route['id'];

/** Every route parameter is an id, and every id is a UUIDv7 (DESIGN §3). */
export function isValidParam(value: string): boolean {
  return isUuidV7(value);
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
  language: Language;
}

/**
 * Finds the page a path (with or without language prefix) belongs to. A path whose shape
 * matches but whose parameters are not valid ids does not match: it is a 404 (spec §5).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const { language, path } = splitLanguagePrefix(pathname);
  const segments = trimSlashes(path);
  for (const route of ROUTES) {
    const params = matchSegments(trimSlashes(route.path), segments);
    if (params) return { route, params, language };
  }
  return null;
}

function trimSlashes(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return null;
      }
      if (!isValidParam(value)) return null;
      params[part.slice(1)] = value;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

/** Builds a concrete path from a route pattern: `/itinerary/:id` + `{ id }` → `/itinerary/0192…`. */
export function buildPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
