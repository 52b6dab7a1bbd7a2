import { Anchor, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { AuthFailure, callAuth, toAuthFailure, type AuthErrorKey } from '../lib/auth-errors';
import { authFormOptions } from '../lib/auth-messages';
import { FormAlert } from './form-alert';
import { useAuthRedirect } from './use-auth-redirect';
import { useCompleteSignIn } from './use-complete-sign-in';

type Kind = 'app' | 'backup';

/** better-auth's two-factor codes, worded here (only this page meets them). */
const REFUSALS: Record<string, { key: AuthErrorKey; onCode: boolean }> = {
  INVALID_CODE: { key: 'second-factor:errors.invalidAppCode', onCode: true },
  INVALID_BACKUP_CODE: { key: 'second-factor:errors.invalidBackupCode', onCode: true },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    key: 'second-factor:errors.secondFactorOver',
    onCode: false,
  },
  INVALID_TWO_FACTOR_COOKIE: { key: 'second-factor:errors.secondFactorOver', onCode: false },
};

/** A refusal of the second step as the page words it (others as every sign-in page does). */
function secondStepFailure(error: unknown): unknown {
  const failure = toAuthFailure(error);
  const known = failure.code ? REFUSALS[failure.code] : undefined;
  if (!known || !failure.code) return error;
  return new AuthFailure(known.key, {
    code: failure.code,
    ...(known.onCode ? { field: 'code' as const } : {}),
  });
}

// Loaded when the form is first sent, as the other sign-in forms load theirs (decision 019).
const schemas = () => import('../lib/second-factor-schemas');
const appCodeSchema = () => schemas().then((module) => module.secondFactorCodeSchema);
const backupCodeSchema = () => schemas().then((module) => module.backupCodeSchema);

/**
 * The second step of a sign-in: the code the authenticator app shows, or one of the backup
 * codes; "trust this device" skips this step here for 30 days. The server allows 5 wrong codes
 * per sign-in and locks this step for 15 minutes after 10 in a row (said under the field).
 */
export function SecondFactorForm() {
  const [kind, setKind] = useState<Kind>('app');
  // One form per kind of code: each has its own rule and its own field.
  return (
    <CodeForm key={kind} kind={kind} onSwitch={() => setKind(kind === 'app' ? 'backup' : 'app')} />
  );
}

function CodeForm({ kind, onSwitch }: { kind: Kind; onSwitch: () => void }) {
  const { t } = useTranslation('second-factor');
  const { link } = useAuthRedirect();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    ...authFormOptions(['code'] as const),
    messages: {
      code: {
        required:
          kind === 'app' ? 'validation.codeIncomplete' : 'second-factor:errors.backupCodeRequired',
        invalid:
          kind === 'app' ? 'validation.codeIncomplete' : 'second-factor:errors.backupCodeRequired',
      },
    },
    initialValues: { code: '', trustDevice: false },
    schema: kind === 'app' ? appCodeSchema : backupCodeSchema,
    submit: async ({ code, trustDevice }) => {
      const authClient = await loadAuthClient();
      const path = kind === 'app' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code';
      try {
        await callAuth((fetchOptions) =>
          authClient.$fetch(path, { method: 'POST', body: { code, trustDevice }, ...fetchOptions }),
        );
      } catch (error) {
        throw secondStepFailure(error);
      }
      await completeSignIn();
    },
  });
  const trust = form.field('trustDevice');
  // This sign-in is over (too many wrong codes, or its 10 minutes passed): start again.
  const over =
    form.failure !== null &&
    toAuthFailure(form.failure).key === 'second-factor:errors.secondFactorOver';

  return (
    <form {...form.formProps} onFocus={() => void loadAuthClient()}>
      <Stack gap="md">
        <FormAlert failure={form.failure}>
          {over ? (
            <Anchor component={Link} to={link('/login/start')} size="sm" fw={600}>
              {t('signIn.startAgain')}
            </Anchor>
          ) : null}
        </FormAlert>
        <TextInput
          {...form.field('code')}
          label={kind === 'app' ? t('signIn.appCode') : t('signIn.backupCode')}
          description={kind === 'app' ? t('signIn.appCodeHelp') : t('signIn.backupCodeHelp')}
          autoComplete="one-time-code"
          inputMode={kind === 'app' ? 'numeric' : 'text'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={kind === 'app' ? 7 : 11}
          dir="ltr"
          size="md"
          autoFocus
          required
        />
        <Checkbox
          id={trust.id}
          name={trust.name}
          data-field={trust['data-field']}
          checked={trust.value}
          onChange={(event) => trust.onChange(event.currentTarget.checked)}
          label={t('signIn.trustDevice')}
          description={t('signIn.trustDeviceHelp')}
        />
        <SubmitBar label={t('signIn.submit')} submitting={form.submitting} stretch />
        <Text size="sm" c="gray.8">
          {t('signIn.limits')}
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          style={{ alignSelf: 'flex-start' }}
          onClick={onSwitch}
        >
          {kind === 'app' ? t('signIn.useBackup') : t('signIn.useApp')}
        </Anchor>
      </Stack>
    </form>
  );
}
