import type { Me } from '@jammy/shared/account';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '@jammy/shared/languages';
import { Button, NativeSelect, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rememberLanguage } from '../../../i18n/language-cookie';
import { completeProfile } from '../api/complete-profile';
import { DEFAULT_AFTER_SIGN_UP, inLanguage } from '../auth-redirect';
import { resetSession } from '../session';
import { useAuthForm } from '../use-auth-form';
import { useAuthRedirect } from '../use-auth-redirect';
import { checkName } from '../validation';
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
  const nameRef = useRef<HTMLInputElement>(null);
  const languageRef = useRef<HTMLSelectElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({ name: nameRef, language: languageRef, terms: termsRef }));
  const form = useAuthForm(FIELDS, refs);
  const [name, setName] = useState(me.name);
  const [language, setLanguage] = useState<Language>(current);
  const [terms, setTerms] = useState(me.termsAcceptedAt !== null);

  const save = useMutation({
    mutationFn: async (input: { name: string; language: Language }) => {
      await completeProfile(input);
      rememberLanguage(input.language);
      await resetSession(queryClient);
      await navigate(inLanguage(target(DEFAULT_AFTER_SIGN_UP), input.language), {
        replace: true,
      });
    },
    onError: form.fail,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const problems = {
      name: checkName(name),
      language: null,
      terms: terms ? null : 'validation.termsRequired',
    };
    if (form.check(problems)) return;
    save.mutate({ name: name.trim(), language });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <NameField
          ref={nameRef}
          value={name}
          onChange={(value) => {
            setName(value);
            form.clear('name');
          }}
          error={form.errorOf('name')}
        />
        <NativeSelect
          ref={languageRef}
          label={t('fields.language')}
          description={t('fields.languageDescription')}
          size="md"
          value={language}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isLanguage(next)) setLanguage(next);
          }}
          data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          error={form.errorOf('language')}
        />
        <TermsCheckbox
          ref={termsRef}
          checked={terms}
          onChange={(checked) => {
            setTerms(checked);
            form.clear('terms');
          }}
          error={form.errorOf('terms')}
        />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('finishRegister.submit')}
        </Button>
      </Stack>
    </form>
  );
}
