import { Avatar, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { StepUpHost } from '../components/second-factor/step-up-host';
import { AccountSections } from '../features/account/components/account-sections';
import { LoadingBlock } from '../features/account/components/loading-block';
import { useMe } from '../lib/session';

/** /account: profile, sign-in and security, sessions, data, welcome tour (and the outbox for admins). */
export function Component() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('account');
  const { data: me } = useMe();
  const who = me ? (me.email ?? me.phoneNumber ?? me.name) : null;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            name={me?.name || undefined}
            color="jam"
            variant="filled"
            radius="xl"
            size={56}
            aria-hidden
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {t('routes.account.title')}
            </Title>
            {who ? (
              <Text c="gray.8" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {ta('signedInAs', { who })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {me ? <AccountSections me={me} /> : <LoadingBlock heights={[44, 280]} />}
      </Stack>
      {/* Deleting the account, a new address or token, a refund: each may ask a recent sign-in. */}
      <StepUpHost />
    </Container>
  );
}
