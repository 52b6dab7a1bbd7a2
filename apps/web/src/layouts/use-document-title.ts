import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-handle';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'routeId' in handle;
}

/** Sets the document title from the deepest matched page: "<page title> · Jammy". */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const routeId = handle?.routeId;
  useEffect(() => {
    if (!routeId || routeId === 'error') return;
    document.title =
      routeId === 'home'
        ? t('app.homeTitle')
        : `${t(`routes.${routeId}.title`)} · ${t('app.name')}`;
  }, [routeId, t]);
}
