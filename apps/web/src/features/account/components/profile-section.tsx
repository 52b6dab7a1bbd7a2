import {
  DISPLAY_NAME_MAX_LENGTH,
  HOME_PLACE_MAX_LENGTH,
  updateMeSchema,
  type Me,
} from '@jammy/shared/account';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  isLanguage,
  localizePath,
  splitLanguagePrefix,
} from '@jammy/shared/languages';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage } from '../../../i18n/language-cookie';
import { useLanguage } from '../../../i18n/use-language';
import { meQuery } from '../../../lib/session';
import { ConflictAlert } from '../../../components/form/conflict-panel';
import { useForm } from '../../../components/form/use-form';
import { useUpdateProfile, type ProfileChanges } from '../api/update-profile';
import { accountFormOptions } from '../lib/form-schemas';
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
  const [saved, setSaved] = useState(() => wasJustSaved(location.state));
  const valuesOf = (profile: Me) => ({
    name: profile.name,
    language: profile.language,
    homePlace: profile.homePlace ?? '',
  });
  /** Only what changed is sent, with the version it was based on. */
  const changesOf = (values: ReturnType<typeof valuesOf>): ProfileChanges => {
    const changes: ProfileChanges = { version: base.version };
    if (values.name.trim() !== base.name) changes.name = values.name;
    if (values.language !== base.language) changes.language = values.language;
    if (values.homePlace.trim() !== (base.homePlace ?? '')) {
      changes.homePlace = values.homePlace.trim() || null;
    }
    return changes;
  };
  const form = useForm({
    ...accountFormOptions(['name', 'language', 'homePlace'] as const),
    initialValues: valuesOf(me),
    schema: updateMeSchema,
    toBody: changesOf,
    submit: async (body) => {
      setSaved(false);
      const updated = await update.mutateAsync(body as ProfileChanges);
      loadValues(updated);
      setSaved(true);
      if (isLanguage(updated.language) && updated.language !== pageLanguage) {
        // The page follows the traveller's language: same section, their language.
        rememberLanguage(updated.language);
        const { path } = splitLanguagePrefix(location.pathname);
        void navigate(`${localizePath(path, updated.language)}${location.search}${location.hash}`, {
          state: PROFILE_SAVED_STATE,
        });
      }
    },
  });
  const conflict = form.conflict as Me | null;
  const dirty = Object.keys(changesOf(form.values)).length > 1;

  function loadValues(profile: Me) {
    setBase(profile);
    form.setValues(valuesOf(profile));
  }

  function reloadCurrent() {
    if (!conflict) return;
    queryClient.setQueryData(meQuery.queryKey, conflict);
    loadValues(conflict);
    form.dismissConflict();
  }

  const edit = <Name extends 'name' | 'language' | 'homePlace'>(name: Name) => {
    const field = form.field(name);
    return {
      ...field,
      onChange: (valueOrEvent: Parameters<typeof field.onChange>[0]) => {
        field.onChange(valueOrEvent);
        setSaved(false);
      },
    };
  };

  return (
    <>
      <SectionHeader title={t('tabs.profile')} lead={t('profile.lead')} />
      <SectionCard id="profile-card" title={t('profile.title')} description={t('profile.text')}>
        <form {...form.formProps}>
          <Stack gap="md" maw={520}>
            <TextInput
              {...edit('name')}
              label={t('fields.name')}
              description={t('profile.nameHelp')}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              autoComplete="name"
              required
            />
            <NativeSelect
              {...edit('language')}
              label={t('fields.language')}
              description={t('profile.languageHelp')}
              data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            />
            <TextInput
              {...edit('homePlace')}
              label={t('fields.homePlace')}
              description={t('profile.homePlaceHelp')}
              placeholder={t('profile.homePlacePlaceholder')}
              maxLength={HOME_PLACE_MAX_LENGTH}
              autoComplete="address-level2"
            />

            {conflict ? (
              <ConflictAlert title={t('profile.conflictTitle')}>
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
              </ConflictAlert>
            ) : form.failure !== null ? (
              <ProblemAlert error={form.failure} />
            ) : null}
            {saved ? <SuccessAlert>{t('profile.saved')}</SuccessAlert> : null}

            <Group gap="sm">
              <Button type="submit" loading={form.submitting} disabled={!dirty && !form.submitting}>
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
