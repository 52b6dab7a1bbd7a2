import { createShareLinkSchema, type ShareLink } from '@jammy/shared/sharing';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useNow } from '../../../lib/relative-time';
import { useCreateShareLink, useRevokeShareLink } from '../api/share-links';
import { ConfirmAction } from './confirm-action';
import { DateField } from '../../../components/form/date-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useForm } from '../../../components/form/use-form';
import { dateTimeFormat } from '../../../lib/intl';

type LinkState = 'active' | 'revoked' | 'expired';

function stateOf(link: ShareLink, now: number): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

// Dark shades: small badge text must keep its contrast.
const STATE_BADGE: Record<LinkState, { color: string; variant: 'light' | 'outline' }> = {
  active: { color: 'ink', variant: 'light' },
  revoked: { color: 'gray.8', variant: 'outline' },
  expired: { color: 'red.9', variant: 'outline' },
};

/** The address of a new link, shown once (only its creation answer holds it), to copy. */
function NewLink({ url }: { url: string }) {
  const { t } = useTranslation('sharing');
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('links.created')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            readOnly
            value={url}
            aria-label={t('links.address')}
            style={{ flex: 1 }}
            onFocus={(event) => event.currentTarget.select()}
            dir="ltr"
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                variant={copied ? 'light' : 'filled'}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('links.copied') : t('links.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="gray.8">
          {t('links.onlyOnce')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Read-only links (the owner's): create one, optionally until a date, copy it, revoke it. */
export function ShareLinksSection({
  itineraryId,
  links,
}: {
  itineraryId: string;
  links: ShareLink[];
}) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const create = useCreateShareLink(itineraryId);
  const revoke = useRevokeShareLink(itineraryId);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const format = dateTimeFormat(language, { dateStyle: 'medium' });
  const now = useNow();
  const today = new Date(now).toISOString().slice(0, 10);

  const form = useForm({
    ns: 'sharing',
    initialValues: { expiresOn: '' },
    schema: createShareLinkSchema,
    toBody: (values) => ({ expiresOn: values.expiresOn || null }),
    submit: (body) => create.mutateAsync({ expiresOn: body.expiresOn ?? null }),
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="links-title"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="links-title">
            {t('links.title')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('links.text')}
          </Text>
        </Stack>
        <form {...form.formProps} aria-label={t('links.createLabel')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateField
              {...form.field('expiresOn')}
              label={t('links.expiresOn')}
              description={t('links.expiresHint')}
              min={today}
              style={{ flex: '1 1 12rem' }}
            />
            <Button
              type="submit"
              loading={form.submitting}
              leftSection={<IconLink size={16} aria-hidden />}
            >
              {t('links.create')}
            </Button>
          </Group>
        </form>
        {create.data?.url && <NewLink url={create.data.url} />}
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        {links.length > 0 && (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={t('links.list')}
          >
            {links.map((link) => {
              const state = stateOf(link, now);
              const created = format.format(new Date(link.createdAt));
              return (
                <Group component="li" key={link.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={2} miw={0}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {t('links.createdOn', { date: created })}
                      </Text>
                      <Badge size="xs" {...STATE_BADGE[state]}>
                        {t(`links.state.${state}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="gray.8">
                      {link.expiresAt
                        ? t('links.until', { date: format.format(new Date(link.expiresAt)) })
                        : t('links.noExpiry')}
                    </Text>
                  </Stack>
                  {state === 'active' && (
                    <Tooltip label={t('links.revoke')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        size="lg"
                        aria-label={t('links.revokeCreated', { date: created })}
                        onClick={() => setRevoking(link)}
                      >
                        <IconLinkOff size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {revoke.error && <ProblemAlert error={revoke.error} />}
      </Stack>
      <ConfirmAction
        opened={revoking !== null}
        title={t('confirm.revoke.title')}
        message={t('confirm.revoke.text')}
        confirm={t('confirm.revoke.confirm')}
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
        onCancel={() => setRevoking(null)}
      />
    </Paper>
  );
}
