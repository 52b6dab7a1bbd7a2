import { copyPresetSchema, type PresetSummary } from '@jammy/shared/presets';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useNavigate } from 'react-router';
import { DateField } from '../../../components/form/date-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { useCopyPreset } from '../api/presets';
import { addDays, today } from '../lib/filters';
import type { CopiedState } from './copied-notice';

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
  const [startChosen, setStartChosen] = useState(false);
  const form = useForm({
    ns: 'presets',
    messages: { startDate: { required: 'copy.dateRequired', invalid: 'copy.dateRequired' } },
    initialValues: { startDate: addDays(today(), 30) },
    schema: copyPresetSchema,
    submit: async ({ startDate }) => {
      const itinerary = await copy.mutateAsync({ startDate, language });
      const state: CopiedState = { copied: { preset: preset.title, startChosen } };
      if (onCopied) await onCopied(itinerary.id, state);
      else await navigate(to(`/itinerary/${itinerary.id}`), { state });
    },
  });
  const startDate = form.field('startDate');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(startDate.value);
  const range = valid
    ? formatDateRange(startDate.value, addDays(startDate.value, preset.days - 1), language)
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
    <form {...form.formProps} aria-label={t('copy.formLabel', { title: preset.title })}>
      <Stack gap="sm">
        <DateField
          {...startDate}
          onChange={(date) => {
            startDate.onChange(date);
            setStartChosen(true);
          }}
          label={t('copy.startDate')}
          description={
            range
              ? t('copy.range', { range, days: t('card.days', { count: preset.days }) })
              : t('copy.dateHint')
          }
          required
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('copy.submit')}
          submitting={form.submitting}
          icon={<IconCopy size={18} aria-hidden />}
          stretch
        />
      </Stack>
    </form>
  );
}
