import { textDirection, type Language } from '@jammy/shared/languages';
import { manifestPath } from '@jammy/shared/web-manifest';
import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../pwa/components/offline-banner';
import { OutboxStatus } from '../pwa/components/outbox-status';
import { PwaNotices } from '../pwa/components/pwa-notices';
import { useDocumentTitle } from './use-document-title';
import { useSessionRefresh } from './use-session-refresh';

/**
 * The root of one language's pages: keeps `<html lang dir>`, the manifest's language and
 * Mantine's direction in step.
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
  }, [language, setDirection]);
  useDocumentTitle();
  useSessionRefresh();
  return (
    <>
      <OfflineBanner />
      <OutboxStatus />
      <Outlet />
      <PwaNotices />
    </>
  );
}
