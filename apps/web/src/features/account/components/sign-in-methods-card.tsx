import type { Me, SignInMethods } from '@jammy/shared/account';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandGithub,
  IconBrandGoogle,
  IconKey,
  IconLink,
  IconMail,
  IconPhone,
  IconShieldLock,
} from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { useLinkSocial, type LinkableProvider } from '../api/link-social';
import { useLinkedAccounts } from '../api/list-linked-accounts';
import { useUnlinkAccount } from '../api/unlink-account';
import { formatDateTime } from '../../../lib/format-time';
import { LoadingBlock } from './loading-block';
import { ProblemAlert } from './problem-alert';
import { SectionCard } from './section-card';
import { SuccessAlert } from './success-alert';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

const ICONS: Record<string, Icon> = {
  credential: IconKey,
  google: IconBrandGoogle,
  github: IconBrandGithub,
  oidc: IconShieldLock,
  'phone-number': IconPhone,
  phone: IconPhone,
};

// Brand names are the same in every language.
const BRANDS: Record<string, string> = { google: 'Google', github: 'GitHub' };

function providerLabel(
  providerId: string,
  methods: SignInMethods | undefined,
  t: (key: string) => string,
): string {
  if (providerId === 'credential') return t('methods.password');
  if (providerId === 'phone' || providerId === 'phone-number') return t('methods.phone');
  if (providerId === 'oidc') return methods?.oidc?.name ?? t('methods.oidc');
  return BRANDS[providerId] ?? providerId;
}

function MethodRow({
  icon: IconComponent,
  label,
  detail,
  action,
}: {
  icon: Icon;
  label: string;
  detail: string;
  action?: ReactNode;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color="ink" radius="xl" size={36}>
            <IconComponent size={18} aria-hidden />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          </Stack>
        </Group>
        {action}
      </Group>
    </Paper>
  );
}

const LINK_ERRORS: Record<string, string> = {
  email_does_not_match: 'methods.linkDifferentEmail',
  account_already_linked_to_different_user: 'methods.linkedElsewhere',
};

/** The ways the traveller signs in: remove one (never the last), link Google, GitHub or OIDC. */
export function SignInMethodsCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const { language, to } = useLanguage();
  const [searchParams] = useSearchParams();
  const accounts = useLinkedAccounts();
  const methods = useSignInMethods();
  const unlink = useUnlinkAccount();
  const link = useLinkSocial();

  const linked = accounts.data ?? [];
  const onlyOne = linked.length <= 1;
  const hasPhoneAccount = linked.some((account) => ICONS[account.providerId] === IconPhone);
  const linkable: LinkableProvider[] = (['google', 'github', 'oidc'] as const).filter(
    (provider) =>
      (provider === 'oidc' ? methods.data?.oidc : methods.data?.[provider]) &&
      !linked.some((account) => account.providerId === provider),
  );
  const linkError = searchParams.get('error');
  const justLinked = searchParams.get('linked');

  function startLink(provider: LinkableProvider) {
    link.mutate(
      {
        provider,
        callbackURL: `${to('/account')}?linked=${provider}#security`,
        errorCallbackURL: `${to('/account')}?section=security`,
      },
      {
        onSuccess: (data) => {
          if (data?.url) window.location.assign(data.url);
        },
      },
    );
  }

  return (
    <SectionCard id="methods-card" title={t('methods.title')} description={t('methods.text')}>
      {linkError ? (
        <Alert
          color="red"
          variant="light"
          title={t('methods.linkFailedTitle')}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        >
          <Text size="sm" c="red.9">
            {t(LINK_ERRORS[linkError] ?? 'methods.linkFailed')}
          </Text>
        </Alert>
      ) : null}
      {justLinked && !linkError ? (
        <SuccessAlert>
          {t('methods.linked', { provider: providerLabel(justLinked, methods.data, t) })}
        </SuccessAlert>
      ) : null}

      {accounts.isPending ? (
        <LoadingBlock heights={[58, 58]} />
      ) : accounts.isError ? (
        <ProblemAlert error={accounts.error} />
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="methods-card">
          {linked.map((account) => (
            <MethodRow
              key={account.id}
              icon={ICONS[account.providerId] ?? IconLink}
              label={providerLabel(account.providerId, methods.data, t)}
              detail={t(
                account.providerId === 'credential' ? 'methods.since' : 'methods.linkedOn',
                {
                  date: formatDateTime(account.createdAt, language),
                },
              )}
              action={
                <Button
                  variant="default"
                  size="xs"
                  disabled={onlyOne}
                  loading={unlink.isPending && unlink.variables.accountId === account.id}
                  aria-describedby={onlyOne ? 'methods-last-note' : undefined}
                  aria-label={t('methods.removeLabel', {
                    method: providerLabel(account.providerId, methods.data, t),
                  })}
                  onClick={() => unlink.mutate({ accountId: account.id })}
                >
                  {t('methods.remove')}
                </Button>
              }
            />
          ))}
          {me.phoneNumber && !hasPhoneAccount ? (
            <MethodRow icon={IconPhone} label={t('methods.phone')} detail={me.phoneNumber} />
          ) : null}
          {me.email && me.emailVerified ? (
            <MethodRow
              icon={IconMail}
              label={t('methods.emailLink')}
              detail={t('methods.emailLinkDetail', { email: me.email })}
            />
          ) : null}
        </Stack>
      )}

      {accounts.isSuccess && onlyOne ? (
        <Text id="methods-last-note" size="sm" c="gray.8">
          {t('methods.lastNote')}
        </Text>
      ) : null}
      {unlink.error ? <ProblemAlert error={unlink.error} /> : null}
      {unlink.isSuccess ? <SuccessAlert>{t('methods.removed')}</SuccessAlert> : null}

      {linkable.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('methods.linkTitle')}
          </Text>
          <Group gap="xs">
            {linkable.map((provider) => (
              <Button
                key={provider}
                variant="default"
                leftSection={(() => {
                  const ProviderIcon = ICONS[provider] ?? IconLink;
                  return <ProviderIcon size={18} aria-hidden />;
                })()}
                loading={link.isPending && link.variables.provider === provider}
                onClick={() => startLink(provider)}
              >
                {t('methods.link', { provider: providerLabel(provider, methods.data, t) })}
              </Button>
            ))}
          </Group>
          {link.error ? <ProblemAlert error={link.error} /> : null}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
