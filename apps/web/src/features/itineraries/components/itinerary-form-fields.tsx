import { LIMITS } from '@jammy/shared/itinerary-limits';
import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import { CurrencySelect } from '../../../components/form/currency-select';
import { DateField } from '../../../components/form/date-field';
import type { Form } from '../../../components/form/use-form';
import classes from './itinerary-form.module.css';
import type { ItineraryFormValues } from './itinerary-form-values';

/**
 * Title, description, dates and (optionally) cover of an itinerary. Dates use the browser's
 * own date picker; the chosen range is repeated below in the page's language.
 */
export function ItineraryFormFields({
  form,
  withCover = false,
  focusTitle = false,
}: {
  form: Form<ItineraryFormValues>;
  withCover?: boolean;
  /** Start in the title, so typing right after opening the page fills it. */
  focusTitle?: boolean;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const { values } = form;
  const range = formatDateRange(values.startDate || null, values.endDate || null, language);
  const days = tripDays(values.startDate || null, values.endDate || null);
  const rangeValid = !form.errorOf('endDate') && (days === null || days > 0);
  const startDate = form.field('startDate');

  return (
    <Stack gap="lg">
      <TextInput
        {...form.field('title')}
        size="md"
        label={t('form.title')}
        placeholder={t('form.titlePlaceholder')}
        dir="auto"
        required
        autoFocus={focusTitle}
        maxLength={LIMITS.title}
      />
      <Textarea
        {...form.field('description')}
        size="md"
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        dir="auto"
        autosize
        minRows={3}
        maxRows={10}
        maxLength={LIMITS.description}
      />
      <fieldset className={classes.dates}>
        <legend className={classes.legend}>{t('form.dates')}</legend>
        <Text size="sm" c="gray.8" mb="xs">
          {t('form.datesHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            {...startDate}
            onChange={(date) => {
              startDate.onChange(date);
              // A new start may be what puts the end back in order.
              form.clearError('endDate');
            }}
            size="md"
            label={t('form.startDate')}
          />
          <DateField
            {...form.field('endDate')}
            size="md"
            label={t('form.endDate')}
            min={values.startDate || undefined}
          />
        </SimpleGrid>
        {range && rangeValid && (
          <Text size="sm" c="ink.8" fw={600} mt="xs" aria-live="polite">
            {days ? `${range} · ${t('header.days', { count: days })}` : range}
          </Text>
        )}
      </fieldset>
      <CurrencySelect
        {...form.field('currency')}
        size="md"
        label={t('form.currency')}
        description={t('form.currencyHint')}
      />
      {withCover && (
        <TextInput
          {...form.field('coverUrl')}
          size="md"
          type="url"
          inputMode="url"
          label={t('form.coverUrl')}
          description={t('form.coverHint')}
          placeholder="https://"
          dir="ltr"
          maxLength={LIMITS.url}
        />
      )}
    </Stack>
  );
}
