import { Button, Stack, Text } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle, IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSignInMethods } from '../api/sign-in-methods';
import { callAuth, toAuthFailure, type AuthFailure } from '../lib/auth-errors';
import { authClient } from '../../../lib/auth-client';
import {
  federatedOptions,
  socialSignInRequest,
  type FederatedOption,
  type FederatedProvider,
} from '../lib/federated';
import { useAuthRedirect } from './use-auth-redirect';
import { FormAlert } from './form-alert';
import { OrDivider } from './or-divider';

const ICONS: Record<FederatedProvider, typeof IconShieldLock> = {
  oidc: IconShieldLock,
  google: IconBrandGoogle,
  github: IconBrandGithub,
};

/**
 * One button per federated provider this installation configured (OIDC under its own name,
 * Google, GitHub), after an "or"; better-auth's client then leaves for the provider.
 */
export function FederatedButtons() {
  const { t } = useTranslation('auth');
  const { data: methods, isPending } = useSignInMethods();
  const { redirect, language } = useAuthRedirect();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const signIn = useMutation({
    mutationFn: (provider: FederatedProvider) =>
      callAuth((fetchOptions) =>
        authClient.signIn.social({
          ...socialSignInRequest(provider, language, redirect),
          fetchOptions,
        }),
      ),
    onMutate: () => setFailure(null),
    onError: (error) => setFailure(toAuthFailure(error)),
  });
  const options: FederatedOption[] = federatedOptions(methods);

  if (isPending) {
    return (
      <Text size="sm" c="gray.7" role="status">
        {t('loginStart.loadingMethods')}
      </Text>
    );
  }
  if (options.length === 0) return null;
  return (
    <Stack gap="sm">
      <OrDivider />
      <FormAlert failure={failure} />
      {options.map(({ provider, name }) => {
        const Icon = ICONS[provider];
        return (
          <Button
            key={provider}
            variant="default"
            size="md"
            fullWidth
            leftSection={<Icon size={20} aria-hidden />}
            loading={signIn.isPending && signIn.variables === provider}
            disabled={signIn.isPending && signIn.variables !== provider}
            onClick={() => signIn.mutate(provider)}
            data-provider={provider}
          >
            {t('loginStart.continueWith', { provider: name })}
          </Button>
        );
      })}
    </Stack>
  );
}
