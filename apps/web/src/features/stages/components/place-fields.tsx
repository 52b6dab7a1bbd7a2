import { LIMITS, PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/form/amount-field';
import { NumberField } from '../../../components/form/number-field';
import { useLanguage } from '../../../i18n/use-language';
import { currencyOptions } from '../../../components/form/currencies';
import { DURATION, type PlaceDraft, type PlaceErrors } from '../lib/place-draft';

/** The category picker, with each category's name in the active language. */
export function CategorySelect({
  value,
  onChange,
  hiddenLabel,
  size,
}: {
  value: PlaceCategory;
  onChange: (category: PlaceCategory) => void;
  /** A label for screen readers only, where the context shows what the select is for. */
  hiddenLabel?: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('stages');
  return (
    <Select
      label={hiddenLabel ? undefined : t('fields.category')}
      aria-label={hiddenLabel}
      size={size}
      data={PLACE_CATEGORIES.map((category) => ({
        value: category,
        label: t(`categories.${category}`),
      }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        const category = PLACE_CATEGORIES.find((candidate) => candidate === next);
        if (category) onChange(category);
      }}
    />
  );
}

/** Every field of a place: name, category, address, web address, when, how long, cost, notes. */
export function PlaceFields({
  draft,
  errors,
  onChange,
}: {
  draft: PlaceDraft;
  errors: PlaceErrors;
  onChange: (draft: PlaceDraft) => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const message = (key: string | undefined) => (key ? t(key) : null);
  const set = <K extends keyof PlaceDraft>(key: K, value: PlaceDraft[K]) =>
    onChange({ ...draft, [key]: value });

  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.placeName')}
        required
        maxLength={LIMITS.placeName}
        value={draft.name}
        error={message(errors.name)}
        onChange={(event) => set('name', event.currentTarget.value)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <CategorySelect value={draft.category} onChange={(category) => set('category', category)} />
        <TextInput
          label={t('fields.url')}
          type="url"
          placeholder="https://"
          maxLength={LIMITS.url}
          value={draft.url}
          error={message(errors.url)}
          onChange={(event) => set('url', event.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.address')}
        maxLength={LIMITS.address}
        value={draft.address}
        error={message(errors.address)}
        onChange={(event) => set('address', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          type="date"
          label={t('fields.day')}
          value={draft.day}
          error={message(errors.day)}
          onChange={(event) => set('day', event.currentTarget.value)}
        />
        <TextInput
          type="time"
          label={t('fields.time')}
          value={draft.time}
          error={message(errors.time)}
          onChange={(event) => set('time', event.currentTarget.value)}
        />
        <NumberField
          label={t('fields.duration')}
          format={DURATION}
          example={90}
          value={draft.duration}
          problem={typeof errors.duration === 'object' ? errors.duration.problem : null}
          error={typeof errors.duration === 'string' ? t(errors.duration) : null}
          onChange={(value) => set('duration', value)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <AmountInput
          label={t('fields.cost')}
          currency={draft.currency}
          value={draft.cost}
          problem={typeof errors.cost === 'object' ? errors.cost.problem : null}
          error={typeof errors.cost === 'string' ? t(errors.cost) : null}
          onChange={(value) => set('cost', value)}
        />
        <Select
          label={t('fields.currency')}
          placeholder={t('fields.currencyPlaceholder')}
          data={currencies}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('fields.currencyClear') }}
          nothingFoundMessage={t('fields.currencyNone')}
          value={draft.currency}
          error={message(errors.currency)}
          onChange={(value) => set('currency', value)}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.notes')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={LIMITS.placeNotes}
        value={draft.notes}
        error={message(errors.notes)}
        onChange={(event) => set('notes', event.currentTarget.value)}
      />
    </Stack>
  );
}
