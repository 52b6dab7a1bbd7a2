import { localizePath, textDirection, type Language } from '@jammy/shared/languages';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { TranslationProvider } from '../i18n/react';
import { Translator } from '../i18n/translator';
import { Route, Routes, StaticRouter } from 'react-router';
import { LanguageDisclosure } from '../layouts/language-disclosure';
import { NotLoggedLayout } from '../layouts/not-logged-layout';
import { PhoneMenu } from '../layouts/phone-menu';
import { theme } from '../lib/theme';
import { Component as Home } from '../routes/home';
import { PrerenderedContext, type Prerendered } from './prerendered';

const PRERENDERED: Prerendered = { LanguageMenu: LanguageDisclosure, PhoneMenu };

type Messages = Record<string, unknown>;

// Every language's messages, bundled into this build-time module (the browser never loads it).
const files = import.meta.glob<Record<string, Messages>>(
  '../../../../packages/shared/locales/*.json',
  {
    import: 'default',
    eager: true,
  },
);

function resourcesOf(language: Language): Record<string, Messages> {
  const resources = files[`../../../../packages/shared/locales/${language}.json`];
  if (!resources) throw new Error(`No messages in ${language}`);
  return resources;
}

/** The landing page of one language as HTML, with what its document's head needs. */
export interface RenderedLanding {
  /** The markup of `#root`. */
  html: string;
  title: string;
  description: string;
  dir: 'ltr' | 'rtl';
}

/**
 * Renders the landing page (`/` in `language`) of an anonymous visitor, as the app renders it:
 * the not-logged layout around the home page, with Mantine's theme and the language's
 * messages. Run at build time by scripts/prerender-landing.ts.
 */
export async function renderLanding(language: Language): Promise<RenderedLanding> {
  const i18n = new Translator({ language, resources: { [language]: resourcesOf(language) } });
  const home = localizePath('/', language);
  const dir = textDirection(language);
  const html = renderToString(
    <PrerenderedContext value={PRERENDERED}>
      <TranslationProvider i18n={i18n}>
        <DirectionProvider initialDirection={dir}>
          <MantineProvider theme={theme} defaultColorScheme="light">
            <StaticRouter location={home}>
              <Routes>
                <Route path={home} element={<NotLoggedLayout />}>
                  <Route index element={<Home />} />
                </Route>
              </Routes>
            </StaticRouter>
          </MantineProvider>
        </DirectionProvider>
      </TranslationProvider>
    </PrerenderedContext>,
  );
  return {
    html,
    title: i18n.t('app.homeTitle'),
    description: i18n.t('home.lead'),
    dir,
  };
}
