import { LIMITS, PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { AmountInput } from '../../../components/form/amount-field';
import { CurrencySelect } from '../../../components/form/currency-select';
import { DateField } from '../../../components/form/date-field';
import { NumberField } from '../../../components/form/number-field';
import type { Form } from '../../../components/form/use-form';
import { DURATION, type PlaceDraft } from '../lib/place-draft';

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
export function PlaceFields({ form }: { form: Form<PlaceDraft> }) {
  const { t } = useTranslation('stages');
  const category = form.field('category');
  return (
    <Stack gap="md">
      <TextInput
        {...form.field('name')}
        label={t('fields.placeName')}
        required
        maxLength={LIMITS.placeName}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <div data-field="category">
          <CategorySelect value={category.value} onChange={category.onChange} />
        </div>
        <TextInput
          {...form.field('url')}
          label={t('fields.url')}
          type="url"
          placeholder="https://"
          maxLength={LIMITS.url}
        />
      </SimpleGrid>
      <TextInput
        {...form.field('address')}
        label={t('fields.address')}
        maxLength={LIMITS.address}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <DateField {...form.field('day')} label={t('fields.day')} />
        <TextInput {...form.field('time')} type="time" label={t('fields.time')} />
        <NumberField
          {...form.field('duration')}
          label={t('fields.duration')}
          format={DURATION}
          example={90}
        />
      </SimpleGrid>
      <TextInput
        {...form.field('openingHours')}
        label={t('fields.openingHours')}
        description={t('fields.openingHoursHint')}
        placeholder="Mo-Fr 09:00-18:00; Sa 10:00-14:00"
        maxLength={LIMITS.openingHours}
        dir="ltr"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <AmountInput
          {...form.field('cost')}
          label={t('fields.cost')}
          currency={form.values.currency || null}
        />
        <CurrencySelect
          {...form.field('currency')}
          label={t('fields.currency')}
          placeholder={t('fields.currencyPlaceholder')}
        />
      </SimpleGrid>
      <Textarea
        {...form.field('notes')}
        label={t('fields.notes')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={LIMITS.placeNotes}
      />
    </Stack>
  );
}
