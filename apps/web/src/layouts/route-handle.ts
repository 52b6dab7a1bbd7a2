import type { RouteId } from '@jammy/shared/route-table';

/** What each route carries for its layout: the page's id (title, navigation state). */
export interface RouteHandle {
  routeId: RouteId | 'error';
}
