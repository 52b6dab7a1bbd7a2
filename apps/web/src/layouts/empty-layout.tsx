import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { Outlet } from 'react-router';
import { BrandLink } from './brand-link';
import classes from './site-chrome.module.css';
import { useFocusOnNavigate } from './use-focus-on-navigate';

/** No navigation chrome: focused steps such as on-boarding, finishing a profile, signing out. */
export function EmptyLayout() {
  const { t } = useTranslation();
  const mainRef = useFocusOnNavigate<HTMLElement>();
  return (
    <div className={classes.emptyShell} data-layout="empty">
      <a href="#main" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <Container size="md" w="100%" py="lg">
        <header>
          <BrandLink />
        </header>
      </Container>
      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main}>
        {/* A page whose messages are still loading (a first visit to a feature). */}
        <Suspense fallback={<div aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
