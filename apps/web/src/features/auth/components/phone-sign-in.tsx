import { Anchor, Button, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { callAuth } from '../lib/auth-errors';
import { authFormOptions, isolate } from '../lib/auth-messages';
import { authClient } from '../../../lib/auth-client';
import { phoneCodeSchema, phoneSchema } from '../lib/schemas';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useCooldown } from './use-cooldown';
import { FormAlert } from './form-alert';

const CODE_LENGTH = 6;
const NEW_CODE_COOLDOWN_SECONDS = 60;

/** Sign in with a phone: the number (E.164), then the 6-digit code it receives by text. */
export function PhoneSignIn() {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const codeLabelId = useId();
  const codeErrorId = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const cooldown = useCooldown(NEW_CODE_COOLDOWN_SECONDS);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const sendCode = useMutation({
    mutationFn: (phoneNumber: string) =>
      callAuth((fetchOptions) => authClient.phoneNumber.sendOtp({ phoneNumber, fetchOptions })),
    onSuccess: (_, phoneNumber) => {
      setSentTo(phoneNumber);
      codeForm.setValues({ code: '' });
      codeForm.setFailure(null);
      cooldown.start();
      // The code field replaces the number field: continue there.
      window.setTimeout(() => codeRef.current?.focus(), 0);
    },
  });
  const numberForm = useForm({
    ...authFormOptions(['phone'] as const),
    initialValues: { phone: '' },
    schema: phoneSchema,
    toBody: (values) => ({ phoneNumber: values.phone }),
    fieldsOfBody: { phoneNumber: 'phone' },
    submit: ({ phoneNumber }) => sendCode.mutateAsync(phoneNumber),
  });
  const codeForm = useForm({
    ...authFormOptions(['code'] as const),
    initialValues: { code: '' },
    schema: phoneCodeSchema,
    submit: async ({ code }) => {
      if (!sentTo) return;
      let answer: unknown;
      try {
        answer = await callAuth((fetchOptions) =>
          authClient.phoneNumber.verify({ phoneNumber: sentTo, code, fetchOptions }),
        );
      } catch (error) {
        codeForm.setValues({ code: '' });
        throw error;
      }
      await completeSignIn(answer);
    },
  });

  const busy = numberForm.submitting || codeForm.submitting || sendCode.isPending;

  if (!sentTo) {
    return (
      <form {...numberForm.formProps}>
        <Stack gap="sm">
          <FormAlert failure={numberForm.failure} />
          <TextInput
            {...numberForm.field('phone')}
            ref={phoneRef}
            type="tel"
            label={t('fields.phone')}
            description={t('fields.phoneDescription')}
            autoComplete="tel"
            inputMode="tel"
            autoFocus
            dir="ltr"
            size="md"
          />
          <SubmitBar label={t('phone.sendCode')} submitting={numberForm.submitting} stretch />
        </Stack>
      </form>
    );
  }

  const codeError = codeForm.errorOf('code');
  const code = codeForm.field('code');
  return (
    <form {...codeForm.formProps}>
      <Stack gap="sm">
        <Text size="sm" c="gray.8" role="status">
          {t('phone.codeSent', { phone: isolate(sentTo) })}
        </Text>
        <FormAlert failure={codeForm.failure ?? (sendCode.isError ? sendCode.error : null)} />
        <Stack gap={6}>
          <Text id={codeLabelId} component="div" size="sm" fw={500}>
            {t('fields.code')}
          </Text>
          <PinInput
            ref={codeRef}
            data-field="code"
            aria-labelledby={codeLabelId}
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            size="md"
            value={code.value}
            onChange={(value) => code.onChange(value)}
            onComplete={(value) => {
              if (!busy) void codeForm.send({ code: value });
            }}
            error={Boolean(codeError)}
            disabled={codeForm.submitting}
            getInputProps={(index) => ({
              'aria-label': t('fields.codeDigit', { index: index + 1, count: CODE_LENGTH }),
              'aria-invalid': codeError ? true : undefined,
              'aria-describedby': codeError ? codeErrorId : undefined,
            })}
          />
          {codeError ? <Input.Error id={codeErrorId}>{codeError}</Input.Error> : null}
        </Stack>
        <SubmitBar label={t('phone.verify')} submitting={codeForm.submitting} stretch />
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setSentTo(null);
              numberForm.setFailure(null);
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
            disabled={cooldown.remaining > 0 || codeForm.submitting}
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
