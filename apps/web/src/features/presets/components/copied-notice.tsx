import type { Itinerary } from '@jammy/shared/itineraries';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { dateTimeFormat } from '../../../lib/intl';

/** What the copy step tells the new trip's page: which preset, and whether a date was chosen. */
export interface CopiedState {
  copied: { preset: string; startChosen: boolean };
}

function copiedOf(state: unknown): CopiedState['copied'] | null {
  if (typeof state !== 'object' || state === null || !('copied' in state)) return null;
  const { copied } = state;
  if (typeof copied !== 'object' || copied === null) return null;
  if (!('preset' in copied) || typeof copied.preset !== 'string') return null;
  if (!('startChosen' in copied) || typeof copied.startChosen !== 'boolean') return null;
  return { preset: copied.preset, startChosen: copied.startChosen };
}

function longDate(date: string | null, language: string): string {
  if (!date) return '';
  return dateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * Just copied from a Jammy itinerary: says which dates the new trip got. When the traveller
 * kept the suggested start date, it says so, and where to change it.
 */
export function CopiedNotice({ itinerary }: { itinerary: Itinerary }) {
  const { t } = useTranslation('presets');
  const { language, to } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const copied = copiedOf(location.state);
  if (!copied) return null;
  const values = {
    preset: copied.preset,
    start: longDate(itinerary.startDate, language),
    end: longDate(itinerary.endDate, language),
  };
  return (
    <Alert
      color="teal"
      variant="light"
      radius="md"
      icon={<IconCalendarCheck size={20} aria-hidden />}
      title={t('copied.title', { preset: copied.preset })}
      withCloseButton
      closeButtonLabel={t('copy.close')}
      onClose={() => void navigate('.', { replace: true, state: null })}
      data-state="copied-notice"
      role="status"
    >
      <Text size="sm">
        {copied.startChosen ? t('copied.chosen', values) : t('copied.suggested', values)}{' '}
        {itinerary.role !== 'viewer' && (
          <Anchor component={Link} to={to(`/itinerary/${itinerary.id}/edit`)} fw={600} size="sm">
            {t('copied.change')}
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}
