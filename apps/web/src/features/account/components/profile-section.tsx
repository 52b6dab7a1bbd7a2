import {
  DISPLAY_NAME_MAX_LENGTH,
  HOME_PLACE_MAX_LENGTH,
  displayNameSchema,
  type Me,
} from '@jammy/shared/account';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  localizePath,
  splitLanguagePrefix,
  type Language,
} from '@jammy/shared/languages';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage } from '../../../i18n/language-cookie';
import { useLanguage } from '../../../i18n/use-language';
import { meQuery } from '../../auth/session';
import { AccountProblem } from '../api/problem';
import { currentFromConflict, useUpdateProfile, type ProfileChanges } from '../api/update-profile';
import { ProblemAlert } from './problem-alert';
import { SectionCard, SectionHeader } from './section-card';
import { SuccessAlert } from './success-alert';

/** Navigation state that tells the profile it was just saved (should the switch remount it). */
export const PROFILE_SAVED_STATE = { accountNotice: 'profile-saved' } as const;

function wasJustSaved(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'accountNotice' in state &&
    state.accountNotice === PROFILE_SAVED_STATE.accountNotice
  );
}

/** Profile: display name, language (which is also the page's), and home place. */
export function ProfileSection({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { language: pageLanguage } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();

  // The profile the edits start from; its version travels with the save.
  const [base, setBase] = useState(me);
  const [name, setName] = useState(me.name);
  const [language, setLanguage] = useState<Language>(me.language);
  const [homePlace, setHomePlace] = useState(me.homePlace ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saved, setSaved] = useState(() => wasJustSaved(location.state));

  const conflict =
    update.error instanceof AccountProblem && update.error.kind === 'conflict'
      ? currentFromConflict(update.error.extra.details)
      : null;

  const changes: Omit<ProfileChanges, 'version'> = {};
  if (name.trim() !== base.name) changes.name = name.trim();
  if (language !== base.language) changes.language = language;
  if (homePlace.trim() !== (base.homePlace ?? '')) changes.homePlace = homePlace.trim() || null;
  const dirty = Object.keys(changes).length > 0;

  function loadValues(profile: Me) {
    setBase(profile);
    setName(profile.name);
    setLanguage(profile.language);
    setHomePlace(profile.homePlace ?? '');
    setNameError(null);
  }

  function reloadCurrent() {
    if (!conflict) return;
    queryClient.setQueryData(meQuery.queryKey, conflict);
    loadValues(conflict);
    update.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const checked = displayNameSchema.safeParse(name);
    if (!checked.success) {
      setNameError(
        name.trim() === ''
          ? t('profile.nameRequired')
          : t('validation.tooLong', { max: DISPLAY_NAME_MAX_LENGTH }),
      );
      return;
    }
    setNameError(null);
    update.mutate(
      { ...changes, version: base.version },
      {
        onSuccess: (updated) => {
          loadValues(updated);
          setSaved(true);
          if (isLanguage(updated.language) && updated.language !== pageLanguage) {
            // The page follows the traveller's language: same section, their language.
            rememberLanguage(updated.language);
            const { path } = splitLanguagePrefix(location.pathname);
            void navigate(
              `${localizePath(path, updated.language)}${location.search}${location.hash}`,
              { state: PROFILE_SAVED_STATE },
            );
          }
        },
      },
    );
  }

  const fieldError = (field: string) =>
    update.error instanceof AccountProblem &&
    update.error.kind === 'invalid' &&
    update.error.extra.fields?.includes(field)
      ? t('validation.notAccepted')
      : null;

  return (
    <>
      <SectionHeader title={t('tabs.profile')} lead={t('profile.lead')} />
      <SectionCard id="profile-card" title={t('profile.title')} description={t('profile.text')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md" maw={520}>
            <TextInput
              label={t('fields.name')}
              description={t('profile.nameHelp')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setSaved(false);
              }}
              error={nameError ?? fieldError('name')}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              autoComplete="name"
              required
            />
            <NativeSelect
              label={t('fields.language')}
              description={t('profile.languageHelp')}
              value={language}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isLanguage(value)) setLanguage(value);
                setSaved(false);
              }}
              data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              error={fieldError('language')}
            />
            <TextInput
              label={t('fields.homePlace')}
              description={t('profile.homePlaceHelp')}
              placeholder={t('profile.homePlacePlaceholder')}
              value={homePlace}
              onChange={(event) => {
                setHomePlace(event.currentTarget.value);
                setSaved(false);
              }}
              error={fieldError('homePlace')}
              maxLength={HOME_PLACE_MAX_LENGTH}
              autoComplete="address-level2"
            />

            {conflict ? (
              <Alert
                color="orange"
                variant="light"
                title={t('profile.conflictTitle')}
                styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm" c="gray.9">
                    {t('profile.conflictText')}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={16} aria-hidden />}
                    onClick={reloadCurrent}
                  >
                    {t('profile.conflictReload')}
                  </Button>
                </Stack>
              </Alert>
            ) : update.error ? (
              <ProblemAlert error={update.error} />
            ) : null}
            {saved ? <SuccessAlert>{t('profile.saved')}</SuccessAlert> : null}

            <Group gap="sm">
              <Button
                type="submit"
                loading={update.isPending}
                disabled={!dirty && !update.isPending}
              >
                {t('profile.save')}
              </Button>
              {dirty ? (
                <Button variant="default" onClick={() => loadValues(base)}>
                  {t('common.discard')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </>
  );
}
