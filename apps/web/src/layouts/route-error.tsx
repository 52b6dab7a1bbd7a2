import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/react';
import { claimReload, isChunkLoadError } from '../lib/reload-guard';

/** What shows when the error page's own code cannot be fetched (offline, or a release removed it). */
function PlainErrorPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <main id="main" data-layout="empty">
      <p>{t('error.chunkDescription')}</p>
      <a href={`${location.pathname}${location.search}${location.hash}`}>{t('error.tryAgain')}</a>
    </main>
  );
}

// Only a failed page loads the error page (and its picture): no first load carries it.
const ErrorPage = lazy(() =>
  import('../routes/error-page').then(
    (module) => ({ default: module.ErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
);

/**
 * The router's error element. A page part that failed to load reloads the target path once
 * instead (reload guard); any other error shows the error page once its code has loaded.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const target = `${location.pathname}${location.search}${location.hash}`;
  const [reloading] = useState(
    () => isChunkLoadError(error) && claimReload(window.sessionStorage, Date.now()),
  );

  useEffect(() => {
    if (reloading) window.location.replace(target);
  }, [reloading, target]);

  if (reloading) return <div aria-busy="true" />;
  return (
    <Suspense fallback={<div aria-busy="true" />}>
      <ErrorPage />
    </Suspense>
  );
}
