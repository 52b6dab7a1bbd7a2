import { Anchor, Button, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callAuth } from '../auth-errors';
import { useAuthMessages } from '../auth-messages';
import { authClient } from '../auth-client';
import { useAuthForm } from '../use-auth-form';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useCooldown } from '../use-cooldown';
import { checkPhone, isolate, normalizePhone } from '../validation';
import { FormAlert } from './form-alert';

const CODE_LENGTH = 6;
const NEW_CODE_COOLDOWN_SECONDS = 60;
const FIELDS = ['phone', 'code'] as const;

/** Sign in with a phone: the number (E.164), then the 6-digit code it receives by text. */
export function PhoneSignIn() {
  const { t } = useTranslation('auth');
  const { message } = useAuthMessages();
  const completeSignIn = useCompleteSignIn();
  const codeLabelId = useId();
  const codeErrorId = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({ phone: phoneRef, code: codeRef }));
  const form = useAuthForm(FIELDS, refs);
  const cooldown = useCooldown(NEW_CODE_COOLDOWN_SECONDS);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const sendCode = useMutation({
    mutationFn: (phoneNumber: string) =>
      callAuth((fetchOptions) => authClient.phoneNumber.sendOtp({ phoneNumber, fetchOptions })),
    onSuccess: (_, phoneNumber) => {
      setSentTo(phoneNumber);
      setCode('');
      form.reset();
      cooldown.start();
      // The code field replaces the number field: continue there.
      window.setTimeout(() => codeRef.current?.focus(), 0);
    },
    onError: form.fail,
  });

  const verify = useMutation({
    mutationFn: async (input: { phoneNumber: string; code: string }) => {
      await callAuth((fetchOptions) => authClient.phoneNumber.verify({ ...input, fetchOptions }));
      await completeSignIn();
    },
    onError: (error) => {
      setCode('');
      form.fail(error);
    },
  });

  const busy = sendCode.isPending || verify.isPending;

  function submitNumber(event: FormEvent) {
    event.preventDefault();
    if (busy || form.check({ phone: checkPhone(phone), code: null })) return;
    sendCode.mutate(normalizePhone(phone));
  }

  function submitCode(value: string) {
    if (busy || !sentTo) return;
    const problem = /^\d{6}$/.test(value) ? null : 'validation.codeIncomplete';
    if (form.check({ phone: null, code: problem })) return;
    verify.mutate({ phoneNumber: sentTo, code: value });
  }

  if (!sentTo) {
    return (
      <form onSubmit={submitNumber} noValidate>
        <Stack gap="sm">
          <FormAlert failure={form.failure} />
          <TextInput
            ref={phoneRef}
            type="tel"
            label={t('fields.phone')}
            description={t('fields.phoneDescription')}
            autoComplete="tel"
            inputMode="tel"
            autoFocus
            dir="ltr"
            size="md"
            value={phone}
            onChange={(event) => {
              setPhone(event.currentTarget.value);
              form.clear('phone');
            }}
            error={form.fieldErrors.phone ? message(form.fieldErrors.phone) : undefined}
          />
          <Button type="submit" size="md" loading={sendCode.isPending}>
            {t('phone.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  const codeError = form.fieldErrors.code;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitCode(code);
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.8" role="status">
          {t('phone.codeSent', { phone: isolate(sentTo) })}
        </Text>
        <FormAlert failure={form.failure} />
        <Stack gap={6}>
          <Text id={codeLabelId} component="div" size="sm" fw={500}>
            {t('fields.code')}
          </Text>
          <PinInput
            ref={codeRef}
            aria-labelledby={codeLabelId}
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            size="md"
            value={code}
            onChange={(value) => {
              setCode(value);
              form.clear('code');
            }}
            onComplete={submitCode}
            error={Boolean(codeError)}
            disabled={verify.isPending}
            getInputProps={(index) => ({
              'aria-label': t('fields.codeDigit', { index: index + 1, count: CODE_LENGTH }),
              'aria-invalid': codeError ? true : undefined,
              'aria-describedby': codeError ? codeErrorId : undefined,
            })}
          />
          {codeError ? <Input.Error id={codeErrorId}>{message(codeError)}</Input.Error> : null}
        </Stack>
        <Button type="submit" size="md" loading={verify.isPending}>
          {t('phone.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setSentTo(null);
              form.reset();
              window.setTimeout(() => phoneRef.current?.focus(), 0);
            }}
          >
            {t('phone.changeNumber')}
          </Anchor>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => sendCode.mutate(sentTo)}
            loading={sendCode.isPending}
            disabled={cooldown.remaining > 0 || verify.isPending}
          >
            {cooldown.remaining > 0
              ? t('phone.newCodeIn', { seconds: cooldown.remaining })
              : t('phone.newCode')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
