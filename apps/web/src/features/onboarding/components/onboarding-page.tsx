import type { InterestId } from '@jammy/shared/interests';
import { textDirection, type Language } from '@jammy/shared/languages';
import { matchRoute } from '@jammy/shared/route-table';
import { safeRedirect } from '@jammy/shared/redirect';
import {
  Alert,
  Button,
  Container,
  Group,
  Progress,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import heroArt from '../../../assets/hero-journey.svg';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import {
  interestsOf,
  useSaveInterests,
  type CopiedState,
  InterestPicker,
} from '../../presets/public';
import { useUpdateMe } from '../api/update-me';
import { HomePlaceField } from './home-place-field';
import { LanguageChoice } from './language-choice';
import classes from './onboarding.module.css';
import { SuggestionsStep } from './suggestions-step';

const STEPS = ['welcome', 'interests', 'home', 'language', 'suggestions'] as const;
const LAST = STEPS.length - 1;

function stepFrom(params: URLSearchParams): number {
  const step = Number(params.get('step'));
  return Number.isInteger(step) && step >= 0 && step <= LAST ? step : 0;
}

/** The preset a `redirect` points at (`/jammy-itineraries/{id}?copy=1`), if any. */
function presetIdOf(redirect: string | null): string | null {
  if (!redirect) return null;
  const match = matchRoute(new URL(redirect, 'http://jammy.invalid').pathname);
  return match?.route.id === 'preset' ? (match.params.id ?? null) : null;
}

/**
 * /on-boarding: welcome, interests, home place, language, then suggested Jammy itineraries
 * to copy (or an empty trip). Every step can be skipped; finishing marks the tour done once.
 * The step lives in the URL so that switching language (a new path) keeps it.
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const { language, to, switchTo } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const step = stepFrom(params);
  const redirect = params.get('redirect');
  const pickedId = presetIdOf(redirect);
  const saveInterests = useSaveInterests();
  const updateMe = useUpdateMe();
  const [interests, setInterests] = useState<InterestId[] | null>(null);
  const [homePlace, setHomePlace] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const chosenInterests = interests ?? interestsOf(me);
  const chosenHome = homePlace ?? me?.homePlace ?? '';

  // A new step is announced by moving the focus to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    query.set('step', String(next));
    setParams(query);
  };

  const finish = async (target?: string, state?: CopiedState) => {
    await updateMe.mutateAsync({ onboarded: true });
    await navigate(target ?? safeRedirect(redirect, to('/itineraries')), { replace: true, state });
  };

  const next = async () => {
    if (step === 1 && interests !== null) await saveInterests.mutateAsync(interests);
    if (step === 2 && homePlace !== null && homePlace.trim() !== (me?.homePlace ?? '')) {
      await updateMe.mutateAsync({ homePlace: homePlace.trim() || null });
    }
    goTo(step + 1);
  };

  const chooseLanguage = (choice: Language) => {
    updateMe.mutate({ language: choice });
    switchTo(choice);
  };

  const failed = saveInterests.isError || updateMe.isError;
  const busy = saveInterests.isPending || updateMe.isPending;
  const stepName = STEPS[step] ?? 'welcome';

  return (
    <Container size="md" className={classes.page}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text size="sm" c="gray.8" fw={600} aria-live="polite">
            {t('progress', { step: step + 1, count: STEPS.length, name: t(`steps.${stepName}`) })}
          </Text>
          <Button
            variant="subtle"
            color="ink"
            c="ink.9"
            onClick={() => void finish().catch(() => undefined)}
            disabled={busy}
          >
            {t('skip')}
          </Button>
        </Group>
        <Progress
          value={((step + 1) / STEPS.length) * 100}
          size="sm"
          radius="xl"
          hiddenFrom="sm"
          aria-hidden
        />
        <Stepper
          active={step}
          size="sm"
          visibleFrom="sm"
          allowNextStepsSelect={false}
          onStepClick={goTo}
        >
          {STEPS.map((name) => (
            <Stepper.Step key={name} label={t(`steps.${name}`)} />
          ))}
        </Stepper>

        <section
          className={`${classes.panel} ${step === 0 ? classes.welcome : ''}`}
          aria-labelledby="step-title"
        >
          <Stack gap="lg">
            {step === 0 && (
              <img src={heroArt} alt="" className={classes.art} width={320} height={240} />
            )}
            <Stack gap={6}>
              {step === 0 && me?.name && (
                <Text fw={700} c="jam.9">
                  {t('welcome.greeting', { name: me.name })}
                </Text>
              )}
              <Title order={1} id="step-title" ref={headingRef} tabIndex={-1}>
                {t(`${stepName}.title`)}
              </Title>
              <Text c="gray.8" size="lg">
                {t(`${stepName}.lead`)}
              </Text>
            </Stack>

            {step === 1 && (
              <InterestPicker
                value={chosenInterests}
                onChange={setInterests}
                labelledBy="step-title"
              />
            )}
            {step === 2 && <HomePlaceField value={chosenHome} onChange={setHomePlace} />}
            {step === 3 && <LanguageChoice value={language} onChange={chooseLanguage} />}
            {step === 4 && (
              <SuggestionsStep
                pickedId={pickedId}
                busy={busy}
                onCopied={(id, state) => finish(to(`/itinerary/${id}`), state)}
                onEmptyTrip={() => void finish(to('/itinerary'))}
              />
            )}
            {failed && (
              <Alert color="red" variant="light" role="alert">
                <Text size="sm" c="red.9">
                  {t('failed')}
                </Text>
              </Alert>
            )}
          </Stack>
        </section>

        <div className={classes.footer}>
          <Group justify="space-between">
            {step > 0 ? (
              <Button
                variant="default"
                size="md"
                onClick={() => goTo(step - 1)}
                leftSection={
                  <IconArrowLeft
                    size={18}
                    aria-hidden
                    style={{
                      transform: textDirection(language) === 'rtl' ? 'scaleX(-1)' : undefined,
                    }}
                  />
                }
              >
                {t('back')}
              </Button>
            ) : (
              <span />
            )}
            {step < LAST ? (
              <Button
                size="md"
                loading={busy}
                onClick={() => void next().catch(() => undefined)}
                rightSection={
                  <IconArrowRight
                    size={18}
                    aria-hidden
                    style={{
                      transform: textDirection(language) === 'rtl' ? 'scaleX(-1)' : undefined,
                    }}
                  />
                }
              >
                {step === 0 ? t('start') : t('next')}
              </Button>
            ) : (
              <Button
                size="md"
                loading={busy}
                onClick={() => void finish().catch(() => undefined)}
                rightSection={<IconCheck size={18} aria-hidden />}
              >
                {t('finish')}
              </Button>
            )}
          </Group>
        </div>
      </Stack>
    </Container>
  );
}
