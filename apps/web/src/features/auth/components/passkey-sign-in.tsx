import { Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  PASSKEY_CANCELLED,
  browserHasPasskeys,
  browserOffersPasskeysInFields,
  cancelPasskeyRequest,
  signInWithPasskey,
} from '../api/passkey-sign-in';
import { usePrerendered } from '../../../landing/prerendered';
import { toAuthFailure, type AuthFailure } from '../lib/auth-errors';
import { FormAlert } from './form-alert';
import { OrDivider } from './or-divider';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * "Sign in with a passkey", after an "or"; and, where the browser can, the passkeys it holds
 * offered in the e-mail field's suggestions (its `autocomplete` ends in `webauthn`).
 */
export function PasskeySignIn() {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const prerendered = usePrerendered() !== null;
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const signIn = useMutation({
    mutationFn: () => signInWithPasskey(false),
    onMutate: () => setFailure(null),
    onSuccess: completeSignIn,
    onError: (error) => setFailure(toAuthFailure(error)),
  });

  useEffect(() => {
    let open = true;
    void (async () => {
      if (!(await browserOffersPasskeysInFields()) || !open) return;
      try {
        await signInWithPasskey(true);
        if (open) await completeSignIn();
      } catch (error) {
        // A suggestion never picked, or a request replaced by the button's, says nothing.
        const failed = toAuthFailure(error);
        if (open && failed.code !== PASSKEY_CANCELLED) setFailure(failed);
      }
    })();
    return () => {
      open = false;
      void cancelPasskeyRequest();
    };
  }, [completeSignIn]);

  // The prerendered page has it: its script takes it away from a browser without passkeys.
  if (!prerendered && !browserHasPasskeys()) return null;
  return (
    <Stack gap="sm" data-passkey-sign-in>
      <OrDivider />
      <FormAlert failure={failure} />
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconFingerprint size={20} aria-hidden />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {t('passkey.signIn')}
      </Button>
    </Stack>
  );
}
