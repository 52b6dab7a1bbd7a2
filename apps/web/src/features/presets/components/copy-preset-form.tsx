import type { PresetSummary } from '@jammy/shared/presets';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/format';
import { useCopyPreset } from '../api/presets';
import { addDays, today } from '../lib/filters';
import type { CopiedState } from './copied-notice';

function copyProblem(error: unknown): string {
  if (!(error instanceof ApiError)) return 'copy.errors.server';
  if (error.code === 'preset/premium') return 'copy.errors.premium';
  if (error.isNetworkError) return 'copy.errors.network';
  if (error.status === 400) return 'copy.errors.invalid';
  if (error.status === 401) return 'copy.errors.signIn';
  if (error.status === 404) return 'copy.errors.notFound';
  if (error.status === 429) return 'copy.errors.rateLimited';
  return 'copy.errors.server';
}

/**
 * Copies a Jammy itinerary into a new trip of mine: the start date (prefilled, with the
 * trip's length and end shown as it changes) shifts every day of it. On success, opens the
 * new itinerary (or calls `onCopied` when the caller goes elsewhere), telling it whether the
 * traveller chose the date or kept the suggested one.
 */
export function CopyPresetForm({
  preset,
  autoFocus = false,
  onCopied,
}: {
  preset: PresetSummary;
  autoFocus?: boolean;
  onCopied?: (itineraryId: string, state: CopiedState) => Promise<void> | void;
}) {
  const { t } = useTranslation('presets');
  const { language, to } = useLanguage();
  const navigate = useNavigate();
  const copy = useCopyPreset(preset.id);
  const [startDate, setStartDate] = useState(() => addDays(today(), 30));
  const [startChosen, setStartChosen] = useState(false);
  const [dateError, setDateError] = useState<string | null>(null);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(startDate);
  const range = valid
    ? formatDateRange(startDate, addDays(startDate, preset.days - 1), language)
    : null;

  if (!preset.copyable) {
    return (
      <Alert
        color="ink"
        variant="light"
        icon={<IconLock size={20} aria-hidden />}
        title={t('copy.premiumTitle')}
        data-state="premium-locked"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('copy.premiumText')}</Text>
          <Button component={Link} to={to('/shop')} size="compact-sm" variant="white" color="ink">
            {t('copy.toShop')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('copy.formLabel', { title: preset.title })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) {
          setDateError(t('copy.dateRequired'));
          return;
        }
        setDateError(null);
        copy.mutate(
          { startDate, language },
          {
            onSuccess: async (itinerary) => {
              const state: CopiedState = { copied: { preset: preset.title, startChosen } };
              if (onCopied) await onCopied(itinerary.id, state);
              else await navigate(to(`/itinerary/${itinerary.id}`), { state });
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <TextInput
          type="date"
          label={t('copy.startDate')}
          description={
            range
              ? t('copy.range', { range, days: t('card.days', { count: preset.days }) })
              : t('copy.dateHint')
          }
          value={startDate}
          onChange={(event) => {
            setStartDate(event.currentTarget.value);
            setStartChosen(true);
          }}
          error={dateError}
          required
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        {copy.isError && (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Text size="sm" c="red.9">
              {t(copyProblem(copy.error))}
            </Text>
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={copy.isPending}
          leftSection={<IconCopy size={18} aria-hidden />}
        >
          {t('copy.submit')}
        </Button>
      </Stack>
    </form>
  );
}
