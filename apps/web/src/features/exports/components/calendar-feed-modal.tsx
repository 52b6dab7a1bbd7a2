import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';
import { dateTimeFormat } from '../../../lib/intl';

const ICON = { size: 16, 'aria-hidden': true } as const;

/** A feed's address for calendar apps that open `webcal:` links themselves. */
function webcalOf(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

/** The new address, shown once (only the creation answer holds it): copy it or open it. */
function NewAddress({ url }: { url: string }) {
  const { t } = useTranslation('exports');
  return (
    <Stack gap="xs" data-testid="feed-address">
      <Text size="sm" fw={600}>
        {t('feed.created')}
      </Text>
      <TextInput
        readOnly
        value={url}
        aria-label={t('feed.address')}
        onFocus={(event) => event.currentTarget.select()}
        dir="ltr"
      />
      <Group gap="xs" wrap="wrap">
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant={copied ? 'light' : 'filled'}
              leftSection={copied ? <IconCheck {...ICON} /> : <IconCopy {...ICON} />}
            >
              {copied ? t('feed.copied') : t('feed.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          href={webcalOf(url)}
          variant="default"
          leftSection={<IconExternalLink {...ICON} />}
        >
          {t('feed.open')}
        </Button>
      </Group>
      <Text size="xs" c="gray.8">
        {t('feed.onlyOnce')}
      </Text>
    </Stack>
  );
}

/**
 * The member's private calendar feed of a trip: make it (the address is shown once), with
 * bookings' confirmation codes or, by default, without; make a new address (the old one stops
 * working), or turn it off.
 */
export function CalendarFeedModal({
  itineraryId,
  opened,
  onClose,
}: {
  itineraryId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('exports');
  const { language } = useLanguage();
  const state = useCalendarFeed(itineraryId, opened);
  const create = useCreateCalendarFeed(itineraryId);
  const revoke = useRevokeCalendarFeed(itineraryId);
  const feed = state.data?.feed ?? null;
  // Until it is ticked or unticked, a new address keeps the feed's choice (none: off).
  const [codesChosen, chooseCodes] = useState<boolean | null>(null);
  const includeConfirmationCodes = codesChosen ?? feed?.includeConfirmationCodes ?? false;
  const format = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const newUrl = create.data && feed?.id === create.data.id ? create.data.url : null;
  const failed = state.error ?? create.error ?? revoke.error;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('feed.title')}
      centered
      closeButtonProps={{ 'aria-label': t('feed.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('feed.text')}</Text>
        <Text size="sm" c="gray.8">
          {t('feed.private')}
        </Text>
        {state.isPending && <Loader size="sm" role="status" aria-label={t('feed.loading')} />}
        {newUrl && <NewAddress url={newUrl} />}
        {feed && !newUrl && (
          <Text size="sm" data-testid="feed-state">
            {t('feed.exists', { date: format.format(new Date(feed.createdAt)) })}{' '}
            {feed.lastReadAt
              ? t('feed.lastRead', { date: format.format(new Date(feed.lastReadAt)) })
              : t('feed.neverRead')}{' '}
            {feed.includeConfirmationCodes ? t('feed.withCodes') : t('feed.withoutCodes')}
          </Text>
        )}
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('feed.failed')}
          </Alert>
        )}
        {!state.isPending && (
          <Checkbox
            checked={includeConfirmationCodes}
            onChange={(event) => chooseCodes(event.currentTarget.checked)}
            label={t('feed.codes')}
            description={t('feed.codesHint')}
          />
        )}
        {!state.isPending && (
          <Group gap="xs" wrap="wrap">
            <Button
              onClick={() => create.mutate({ includeConfirmationCodes })}
              loading={create.isPending}
              leftSection={feed ? <IconRefresh {...ICON} /> : <IconCalendarPlus {...ICON} />}
              variant={feed ? 'default' : 'filled'}
            >
              {feed ? t('feed.renew') : t('feed.create')}
            </Button>
            {feed && (
              <Button
                color="red.9"
                variant="outline"
                onClick={() => {
                  create.reset();
                  revoke.mutate();
                }}
                loading={revoke.isPending}
                leftSection={<IconTrash {...ICON} />}
              >
                {t('feed.revoke')}
              </Button>
            )}
          </Group>
        )}
        {feed && (
          <Text size="xs" c="gray.8">
            {t('feed.renewHint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
