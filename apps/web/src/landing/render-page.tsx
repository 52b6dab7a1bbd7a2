import { localizePath, textDirection, type Language } from '@jammy/shared/languages';
import type { PrerenderedRouteId } from '@jammy/shared/route-preloads';
import {
  Button,
  DirectionProvider,
  MantineProvider,
  PasswordInput,
  TextInput,
} from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { SubmitBar } from '../components/form/submit-bar';
import { ErrorAlert, Notice } from '../features/auth/components/form-alert';
import { SIGN_IN_FIELD_MESSAGES } from '../features/auth/components/login-form';
import { MESSAGE_VALUES } from '../features/auth/lib/auth-messages';
import { TranslationProvider } from '../i18n/react';
import { Translator } from '../i18n/translator';
import { LanguageDisclosure } from '../layouts/language-disclosure';
import { NotLoggedLayout } from '../layouts/not-logged-layout';
import { PhoneMenu } from '../layouts/phone-menu';
import { theme } from '../lib/theme';
import { Component as Home } from '../routes/home';
import { Component as Login } from '../routes/login';
import { PrerenderedContext, type Prerendered } from './prerendered';
import { SIGN_IN_MESSAGES_ID, type SignInMessages, type SignInTemplate } from './sign-in-page';

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

/** A prerendered page of one language as HTML, with what its document's head needs. */
export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  title: string;
  description: string;
  dir: 'ltr' | 'rtl';
}

/** The path of each prerendered page (without the language's prefix), and its page. */
const PAGES: Record<PrerenderedRouteId, { path: string; element: ReactNode }> = {
  home: { path: '/', element: <Home /> },
  login: { path: '/login', element: <Login /> },
};

/**
 * Renders a page of an anonymous visitor (`/` or `/login` in `language`) as the app renders
 * it: the not-logged layout around the page, with Mantine's theme and the language's
 * messages. Run at build time by scripts/prerender-pages.ts.
 */
export async function renderPage(
  routeId: PrerenderedRouteId,
  language: Language,
): Promise<RenderedPage> {
  const resources = resourcesOf(language);
  const i18n = new Translator({ language, resources: { [language]: resources } });
  const home = localizePath('/', language);
  const page = PAGES[routeId];
  const dir = textDirection(language);
  // A template's markup goes without the theme's variables: the page has them once.
  const render = (node: ReactNode, location = home, withCssVariables = true) =>
    renderToString(
      <PrerenderedContext value={PRERENDERED}>
        <TranslationProvider i18n={i18n}>
          <DirectionProvider initialDirection={dir}>
            <MantineProvider
              theme={theme}
              defaultColorScheme="light"
              withCssVariables={withCssVariables}
            >
              <QueryClientProvider client={new QueryClient()}>
                <StaticRouter location={location}>{node}</StaticRouter>
              </QueryClientProvider>
            </MantineProvider>
          </DirectionProvider>
        </TranslationProvider>
      </PrerenderedContext>,
    );
  const html = render(
    <Routes>
      <Route path={home} element={<NotLoggedLayout />}>
        {page.path === '/' ? (
          <Route index element={page.element} />
        ) : (
          <Route path={page.path.slice(1)} element={page.element} />
        )}
      </Route>
    </Routes>,
    localizePath(page.path, language),
  );
  if (routeId === 'home') {
    return { html, title: i18n.t('app.homeTitle'), description: i18n.t('home.lead'), dir };
  }
  return {
    html: html + signInExtras(i18n, resources, (node) => render(node, home, false)),
    title: `${i18n.t('routes.login.title')} · ${i18n.t('app.name')}`,
    description: i18n.t('auth:login.intro'),
    dir,
  };
}

/** A message with its placeholders left as they are, for the page's script to fill. */
const PLACEHOLDERS = Object.fromEntries(
  ['when', 'origin', 'publicUrl', 'email', 'min', 'max'].map((name) => [name, `{${name}}`]),
);

/**
 * What the sign-in page's script (sign-in-page.ts) shows beside the page, made here with the
 * app's own words and components: the language's messages of failures and field problems (a
 * data block), and the markup of an alert, a notice, the resend button, a field's problem, a
 * busy button and a password shown (templates), so that what it draws looks as the app's form
 * draws it.
 */
function signInExtras(
  i18n: Translator,
  resources: Record<string, Messages>,
  render: (node: ReactNode) => string,
): string {
  const auth = i18n.getFixedT('auth');
  const errors = (resources.auth?.errors ?? {}) as Messages;
  const fields: SignInMessages['fields'] = {};
  for (const [field, kinds] of Object.entries(SIGN_IN_FIELD_MESSAGES)) {
    fields[field] = Object.fromEntries(
      (['required', 'tooShort', 'tooLong', 'invalid'] as const).map((kind) => {
        const own = kinds?.[kind];
        const key = typeof own === 'object' ? own.key : own;
        const values = { ...MESSAGE_VALUES, ...PLACEHOLDERS };
        return [kind, key ? auth(key, values) : i18n.t(kind, { ns: 'form', ...values })];
      }),
    );
  }
  const messages: SignInMessages = {
    errors: Object.fromEntries(
      Object.keys(errors).map((key) => [
        `errors.${key}`,
        auth(`errors.${key}`, { ...MESSAGE_VALUES, ...PLACEHOLDERS }),
      ]),
    ),
    fields,
    verificationSent: auth('login.verificationSent', PLACEHOLDERS),
  };
  const templates: Record<SignInTemplate, ReactNode> = {
    alert: (
      <ErrorAlert>
        <span data-message />
      </ErrorAlert>
    ),
    notice: (
      <Notice>
        <span data-message />
      </Notice>
    ),
    resend: (
      <Button variant="default" size="sm">
        {auth('login.resendVerification')}
      </Button>
    ),
    busy: <SubmitBar label="" submitting stretch />,
    fieldError: <TextInput id="field" error=" " size="md" />,
    passwordShown: <PasswordInput defaultVisible size="md" />,
  };
  const json = JSON.stringify(messages).replace(/</g, '\\u003c');
  return (
    `<script type="application/json" id="${SIGN_IN_MESSAGES_ID}">${json}</script>` +
    Object.entries(templates)
      .map(([name, node]) => `<template data-template="${name}">${render(node)}</template>`)
      .join('')
  );
}
