import { Input, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';

/** A moment as travellers write it: a local date and time, and the zone they are in. */
export interface DateTimeZone {
  /** `YYYY-MM-DD`, empty when not set. */
  date: string;
  /** `HH:MM`, empty when not set. */
  time: string;
  /** An IANA zone (`Europe/Lisbon`), empty when not set (the trip's zone applies). */
  zone: string;
}

/** Every IANA zone this browser knows, as its ids (they read well enough: "Asia/Tokyo"). */
function zones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

/**
 * THE date-and-time field: the browser's date and time pickers and a searchable zone, side by
 * side on a wide screen and stacked on a phone, under one label.
 */
export function DateTimeZoneField({
  label,
  value,
  onChange,
  error,
  withZone = true,
  'data-field': dataField,
}: {
  label: string;
  value: DateTimeZone;
  onChange: (value: DateTimeZone) => void;
  error?: string | undefined;
  withZone?: boolean;
  'data-field'?: string;
}) {
  const { t } = useTranslation('form');
  const { language } = useLanguage();
  const errorId = useId();
  const groupId = useId();
  const options = useMemo(() => zones(), []);
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  return (
    <Input.Wrapper
      label={label}
      id={groupId}
      labelElement="div"
      role="group"
      aria-labelledby={`${groupId}-label`}
      data-field={dataField}
    >
      <SimpleGrid cols={{ base: 1, xs: withZone ? 3 : 2 }} spacing="xs">
        <TextInput
          type="date"
          lang={language}
          aria-label={t('date')}
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.currentTarget.value })}
          {...described}
        />
        <TextInput
          type="time"
          lang={language}
          aria-label={t('time')}
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.currentTarget.value })}
          {...described}
        />
        {withZone && (
          <Select
            aria-label={t('timeZone')}
            data={options}
            searchable
            clearable
            nothingFoundMessage={t('timeZoneNone')}
            value={value.zone || null}
            onChange={(zone) => onChange({ ...value, zone: zone ?? '' })}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Input.Wrapper>
  );
}
