// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Trans, TranslationProvider, useTranslation } from './react';
import { Translator, type Messages } from './translator';

afterEach(cleanup);

const MESSAGES: Record<string, Record<string, Messages>> = {
  en: {
    translation: { title: 'Trips', lead: 'Plan <em>together</em>' },
    stages: {
      count: '{count, plural, one {# stage} other {# stages}}',
      sent: 'We sent a link to <strong>{email}</strong>. See <faq>the help</faq>.',
    },
  },
  de: {
    translation: { title: 'Reisen', lead: 'Gemeinsam <em>planen</em>' },
    stages: { count: '{count, plural, one {# Etappe} other {# Etappen}}' },
  },
};

/** A translator whose loads wait until `arrive` is called. */
function slowTranslator() {
  const waiting: (() => void)[] = [];
  const i18n = new Translator({
    language: 'en',
    load: (language, namespace) =>
      new Promise<Messages>((resolve) =>
        waiting.push(() => resolve(MESSAGES[language]?.[namespace] ?? {})),
      ),
  });
  const arrive = async () => {
    await act(async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await Promise.resolve();
    });
  };
  return { i18n, arrive };
}

function StageCount({ count }: { count: number }) {
  const { t, i18n } = useTranslation(['stages', 'translation']);
  return (
    <p lang={i18n.language}>
      {t('translation:title')}: {t('count', { count })}
    </p>
  );
}

describe('useTranslation', () => {
  it('suspends until its namespaces are loaded, then formats in the active language', async () => {
    const { i18n, arrive } = slowTranslator();
    render(
      <TranslationProvider i18n={i18n}>
        <Suspense fallback={<p>Loading</p>}>
          <StageCount count={3} />
        </Suspense>
      </TranslationProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    await arrive();
    expect(screen.getByText('Trips: 3 stages')).toBeTruthy();
  });

  it('re-renders in the new language once it is loaded', async () => {
    const { i18n, arrive } = slowTranslator();
    const loading = i18n.loadNamespaces(['translation', 'stages']);
    await arrive();
    await loading;
    render(
      <TranslationProvider i18n={i18n}>
        <StageCount count={1} />
      </TranslationProvider>,
    );
    expect(screen.getByText('Trips: 1 stage')).toBeTruthy();
    let switching: Promise<void> = Promise.resolve();
    act(() => {
      switching = i18n.changeLanguage('de');
    });
    // The page stays in English while German loads.
    expect(screen.getByText('Trips: 1 stage')).toBeTruthy();
    await arrive();
    await act(() => switching);
    expect(screen.getByText('Reisen: 1 Etappe').getAttribute('lang')).toBe('de');
  });

  it('draws at once without suspending when asked not to, and again when the messages arrive', async () => {
    const { i18n, arrive } = slowTranslator();
    function Title() {
      const { t, ready } = useTranslation('translation', { useSuspense: false });
      return <h1>{ready ? t('title') : 'not yet'}</h1>;
    }
    render(
      <TranslationProvider i18n={i18n}>
        <Suspense fallback={<p>Loading</p>}>
          <Title />
        </Suspense>
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('not yet');
    await arrive();
    expect(screen.getByRole('heading').textContent).toBe('Trips');
  });
});

describe('Trans', () => {
  const i18n = new Translator({ language: 'en', resources: { en: MESSAGES.en ?? {} } });

  it('turns the tags of a message into the elements given for them', () => {
    render(
      <TranslationProvider i18n={i18n}>
        <h1>
          <Trans i18nKey="lead" components={{ em: <em className="stress" /> }} />
        </h1>
      </TranslationProvider>,
    );
    const heading = screen.getByRole('heading');
    expect(heading.textContent).toBe('Plan together');
    expect(heading.querySelector('em.stress')?.textContent).toBe('together');
  });

  it('reads values as text, never as tags, and keeps tags it has no element for as text', () => {
    render(
      <TranslationProvider i18n={i18n}>
        <p data-testid="sent">
          <Trans
            ns="stages"
            i18nKey="sent"
            values={{ email: '<faq>x</faq>@example.org' }}
            components={{ strong: <strong dir="ltr" /> }}
          />
        </p>
      </TranslationProvider>,
    );
    const sent = screen.getByTestId('sent');
    expect(sent.textContent).toBe(
      'We sent a link to <faq>x</faq>@example.org. See <faq>the help</faq>.',
    );
    expect(sent.querySelector('strong')?.textContent).toBe('<faq>x</faq>@example.org');
    expect(sent.querySelector('strong')?.getAttribute('dir')).toBe('ltr');
  });

  it('uses the t it is given', () => {
    const german = new Translator({ language: 'de', resources: { de: MESSAGES.de ?? {} } });
    render(
      <TranslationProvider i18n={i18n}>
        <p data-testid="lead">
          <Trans t={german.getFixedT('translation')} i18nKey="lead" components={{ em: <em /> }} />
        </p>
      </TranslationProvider>,
    );
    expect(screen.getByTestId('lead').innerHTML).toBe('Gemeinsam <em>planen</em>');
  });
});
