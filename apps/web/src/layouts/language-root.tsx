import { textDirection, type Language } from '@jammy/shared/languages';
import { manifestPath } from '@jammy/shared/web-manifest';
import { useDirection } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { prefetchMessages } from '../i18n/i18n';
import { loadScriptFont } from '../i18n/script-fonts';
import { useOutbox } from '../lib/outbox';
import { OfflineBanner } from '../pwa/components/offline-banner';
import { PwaNotices } from '../pwa/components/pwa-notices';
import { useDocumentTitle } from './use-document-title';
import { useSessionRefresh } from './use-session-refresh';

// The bar of changes waiting to be sent (and its dialog) loads only when there are some.
const OutboxStatus = lazy(async () => ({
  default: (await import('../pwa/components/outbox-status')).OutboxStatus,
}));

function OutboxSlot() {
  const waiting = useOutbox().length > 0;
  return waiting ? (
    <Suspense fallback={null}>
      <OutboxStatus />
    </Suspense>
  ) : null;
}

/**
 * The root of one language's pages: keeps `<html lang dir>`, the manifest's language,
 * Mantine's direction and the script's font in step.
 */
export function LanguageRoot({ language }: { language: Language }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    const dir = textDirection(language);
    document.documentElement.lang = language;
    document.documentElement.dir = dir;
    // Installing the app from this page installs it in this language (start URL, name).
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language));
    setDirection(dir);
    loadScriptFont(language);
  }, [language, setDirection]);
  // Once the first page of this language has shown, the rest of its messages.
  useEffect(() => prefetchMessages(), [language]);
  useDocumentTitle();
  useSessionRefresh();
  return (
    <>
      <OfflineBanner />
      <OutboxSlot />
      {/* The signed-in chrome's messages (its account menu) may still be loading. */}
      <Suspense fallback={<div aria-busy="true" />}>
        <Outlet />
      </Suspense>
      <PwaNotices />
    </>
  );
}
