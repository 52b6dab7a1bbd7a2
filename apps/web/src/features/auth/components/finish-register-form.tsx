import type { Me } from '@jammy/shared/account';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@jammy/shared/languages';
import { NativeSelect, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { rememberLanguage } from '../../../i18n/language-cookie';
import { completeProfile } from '../api/complete-profile';
import { authFormOptions } from '../lib/auth-messages';
import { DEFAULT_AFTER_SIGN_UP, inLanguage } from '../lib/auth-redirect';
import { finishRegisterSchema } from '../lib/schemas';
import { resetSession } from '../../../lib/session';
import { useAuthRedirect } from './use-auth-redirect';
import { FormAlert } from './form-alert';
import { NameField } from './identity-fields';
import { TermsCheckbox } from './terms-checkbox';

const FIELDS = ['name', 'language', 'terms'] as const;

/**
 * Completes a profile begun by an e-mail link, a phone or another account: display name,
 * language and the terms; then on to the page asked for (or on-boarding), in that language.
 */
export function FinishRegisterForm({ me }: { me: Me }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { language: current, target } = useAuthRedirect();
  const form = useForm({
    ...authFormOptions(FIELDS),
    initialValues: {
      name: me.name,
      language: current as Language,
      terms: me.termsAcceptedAt !== null,
    },
    schema: finishRegisterSchema,
    toBody: (values) => ({
      name: values.name,
      language: values.language,
      acceptTerms: values.terms,
    }),
    fieldsOfBody: { acceptTerms: 'terms' },
    submit: async ({ name, language }) => {
      await completeProfile({ name, language });
      rememberLanguage(language);
      await resetSession(queryClient);
      await navigate(inLanguage(target(DEFAULT_AFTER_SIGN_UP), language), { replace: true });
    },
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <NameField {...form.field('name')} />
        <NativeSelect
          {...form.field('language')}
          label={t('fields.language')}
          description={t('fields.languageDescription')}
          size="md"
          data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        />
        <TermsCheckbox {...form.field('terms')} />
        <SubmitBar label={t('finishRegister.submit')} submitting={form.submitting} stretch />
      </Stack>
    </form>
  );
}
