import type { ApiToken, CreatedApiToken } from '@jammy/shared/api-tokens';
import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconKey, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CopyTextButton } from '../../../components/copy-text-button';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useLanguage } from '../../../i18n/use-language';
import { clientConfigQuery } from '../../../lib/client-config';
import { formatDateTime, formatRelative } from '../../../lib/format-time';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { LoadingBlock } from './loading-block';
import { NewApiTokenForm } from './new-api-token-form';
import { SectionCard, SectionHeader } from './section-card';
import { SuccessAlert } from './success-alert';

/** Whether a token still works (neither revoked nor past its expiry). */
function working(token: ApiToken, now: number): boolean {
  return token.revokedAt === null && Date.parse(token.expiresAt) > now;
}

/** The secret of a token just made: shown this once, with a button that copies it. */
function NewSecret({ token }: { token: CreatedApiToken }) {
  const { t } = useTranslation('account');
  return (
    <Alert
      role="status"
      color="teal"
      variant="light"
      radius="md"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={t('tokens.createdTitle', { name: token.name })}
      // Teal on the light teal background is short of AA contrast for a title this size.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('tokens.createdText')}</Text>
        <Code
          block
          data-testid="api-token-secret"
          dir="ltr"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {token.secret}
        </Code>
        <CopyTextButton
          value={token.secret}
          label={t('tokens.copy')}
          copiedLabel={t('tokens.copied')}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    </Alert>
  );
}

function TokenRow({
  token,
  now,
  onRevoke,
  revoking,
}: {
  token: ApiToken;
  /** When the list was drawn (a token past its expiry then shows as expired). */
  now: number;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const titleId = `api-token-${token.id}`;
  const state = token.revokedAt ? 'revoked' : working(token, now) ? null : 'expired';
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      style={{ listStyle: 'none' }}
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text id={titleId} fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge color="ink" variant="outline">
              {token.access === 'read' ? t('tokens.read') : t('tokens.readWrite')}
            </Badge>
            {state ? (
              <Badge color="red.9" variant="outline">
                {t(`tokens.${state}`)}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="gray.8" dir="auto">
            {token.trips === null
              ? t('tokens.allTrips')
              : t('tokens.onlyTrips', { trips: token.trips.map((trip) => trip.title).join(', ') })}
          </Text>
          <Text size="sm" c="gray.8">
            {t('tokens.created', { date: formatDateTime(token.createdAt, language) })}
          </Text>
          <Text size="sm" c="gray.8">
            {t('tokens.expires', { date: formatDateTime(token.expiresAt, language) })}
          </Text>
          <Text size="sm" c="gray.8">
            <span>{t('tokens.lastUsed')} </span>
            {token.lastUsedAt ? (
              <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt, language)}>
                {formatRelative(token.lastUsedAt, language)}
              </time>
            ) : (
              t('tokens.neverUsed')
            )}
          </Text>
        </Stack>
        {state ? null : (
          <Button
            color="red.9"
            variant="outline"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={revoking}
            onClick={onRevoke}
            aria-label={t('tokens.revokeLabel', { name: token.name })}
          >
            {t('tokens.revoke')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Where assistants connect with a token, when the installation lets them (MCP_ENABLED). */
function AssistantsAddress() {
  const { t } = useTranslation('account');
  const enabled = useQuery(clientConfigQuery).data?.mcp === true;
  if (!enabled) return null;
  return (
    <Text size="sm" data-testid="mcp-address">
      {t('tokens.mcp')}{' '}
      <Code dir="ltr" style={{ overflowWrap: 'anywhere' }}>
        {`${window.location.origin}/mcp`}
      </Code>
    </Text>
  );
}

/** Personal API tokens: make one for a program, see when each was last used, revoke it. */
export function ApiTokensSection() {
  const { t } = useTranslation('account');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [now] = useState(() => Date.now());

  function revokeOne(token: ApiToken) {
    setNotice(null);
    revoke.mutate(token.id, {
      onSuccess: () => {
        if (created?.id === token.id) setCreated(null);
        setNotice(t('tokens.revokedNotice', { name: token.name }));
      },
    });
  }

  return (
    <>
      <SectionHeader title={t('tabs.tokens')} lead={t('tokens.lead')} />
      <Stack gap="lg">
        <SectionCard
          id="new-token-card"
          title={t('tokens.newTitle')}
          description={t('tokens.newText')}
        >
          <AssistantsAddress />
          {created ? <NewSecret token={created} /> : null}
          <NewApiTokenForm
            onCreated={(token) => {
              setNotice(null);
              setCreated(token);
            }}
          />
        </SectionCard>
        <SectionCard id="tokens-card" title={t('tokens.title')} description={t('tokens.text')}>
          {notice ? <SuccessAlert>{notice}</SuccessAlert> : null}
          {revoke.error ? <ProblemAlert error={revoke.error} /> : null}
          {tokens.isPending ? (
            <LoadingBlock heights={[110]} />
          ) : tokens.isError ? (
            <ProblemAlert error={tokens.error} />
          ) : tokens.data.length === 0 ? (
            <Group gap="xs">
              <IconKey size={18} aria-hidden />
              <Text size="sm" c="gray.8">
                {t('tokens.none')}
              </Text>
            </Group>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="tokens-card">
              {tokens.data.map((token) => (
                <TokenRow
                  key={token.id}
                  token={token}
                  now={now}
                  revoking={revoke.isPending && revoke.variables === token.id}
                  onRevoke={() => revokeOne(token)}
                />
              ))}
            </Stack>
          )}
        </SectionCard>
      </Stack>
    </>
  );
}
