import { LIMITS } from '@jammy/shared/itinerary-limits';
import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import { currencyOptions } from '../../../components/form/currencies';
import classes from './itinerary-form.module.css';
import type { FieldErrors, ItineraryField, ItineraryFormValues } from './itinerary-form-values';

/** The id of a field's input in the form `formId` (to focus the first invalid one). */
export function fieldId(formId: string, field: ItineraryField): string {
  return `${formId}-${field}`;
}

/** Moves the focus to the first field with an error, in reading order. */
export function focusFirstError(
  formId: string,
  errors: FieldErrors,
  order: readonly ItineraryField[],
) {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(fieldId(formId, first))?.focus();
}

/**
 * Title, description, dates and (optionally) cover of an itinerary. Dates use the browser's
 * own date picker; the chosen range is repeated below in the page's language.
 */
export function ItineraryFormFields({
  formId,
  values,
  errors,
  onChange,
  withCover = false,
  focusTitle = false,
}: {
  formId: string;
  values: ItineraryFormValues;
  errors: FieldErrors;
  onChange: (field: ItineraryField, value: string) => void;
  withCover?: boolean;
  /** Start in the title, so typing right after opening the page fills it. */
  focusTitle?: boolean;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const message = (field: ItineraryField) => {
    const error = errors[field];
    return error ? t(`errors.${error.key}`, { max: error.max }) : undefined;
  };
  const range = formatDateRange(values.startDate || null, values.endDate || null, language);
  const days = tripDays(values.startDate || null, values.endDate || null);
  const rangeValid = !errors.endDate && (days === null || days > 0);
  const currencies = useMemo(() => currencyOptions(language), [language]);

  return (
    <Stack gap="lg">
      <TextInput
        size="md"
        id={fieldId(formId, 'title')}
        label={t('form.title')}
        placeholder={t('form.titlePlaceholder')}
        dir="auto"
        required
        autoFocus={focusTitle}
        maxLength={LIMITS.title}
        value={values.title}
        onChange={(event) => onChange('title', event.currentTarget.value)}
        error={message('title')}
      />
      <Textarea
        size="md"
        id={fieldId(formId, 'description')}
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        dir="auto"
        autosize
        minRows={3}
        maxRows={10}
        maxLength={LIMITS.description}
        value={values.description}
        onChange={(event) => onChange('description', event.currentTarget.value)}
        error={message('description')}
      />
      <fieldset className={classes.dates}>
        <legend className={classes.legend}>{t('form.dates')}</legend>
        <Text size="sm" c="gray.8" mb="xs">
          {t('form.datesHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            size="md"
            id={fieldId(formId, 'startDate')}
            type="date"
            lang={language}
            label={t('form.startDate')}
            value={values.startDate}
            onChange={(event) => onChange('startDate', event.currentTarget.value)}
            error={message('startDate')}
          />
          <TextInput
            size="md"
            id={fieldId(formId, 'endDate')}
            type="date"
            lang={language}
            label={t('form.endDate')}
            min={values.startDate || undefined}
            value={values.endDate}
            onChange={(event) => onChange('endDate', event.currentTarget.value)}
            error={message('endDate')}
          />
        </SimpleGrid>
        {range && rangeValid && (
          <Text size="sm" c="ink.8" fw={600} mt="xs" aria-live="polite">
            {days ? `${range} · ${t('header.days', { count: days })}` : range}
          </Text>
        )}
      </fieldset>
      <Select
        size="md"
        id={fieldId(formId, 'currency')}
        label={t('form.currency')}
        description={t('form.currencyHint')}
        data={currencies}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('form.currencyClear') }}
        nothingFoundMessage={t('form.currencyNone')}
        value={values.currency || null}
        onChange={(value) => onChange('currency', value ?? '')}
        error={message('currency')}
        comboboxProps={{ withinPortal: true }}
      />
      {withCover && (
        <TextInput
          size="md"
          id={fieldId(formId, 'coverUrl')}
          type="url"
          inputMode="url"
          label={t('form.coverUrl')}
          description={t('form.coverHint')}
          placeholder="https://"
          dir="ltr"
          maxLength={LIMITS.url}
          value={values.coverUrl}
          onChange={(event) => onChange('coverUrl', event.currentTarget.value)}
          error={message('coverUrl')}
        />
      )}
    </Stack>
  );
}
