import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';
import type { FieldProps } from './use-form';

let known: string[] | undefined;

/** Every IANA zone this browser knows, and UTC, as their ids (they read well enough: "Asia/Tokyo"). */
function zones(): string[] {
  known ??= [
    ...new Set([
      ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []),
      'UTC',
    ]),
  ];
  return known;
}

/**
 * THE field of a time with its zone, as a ticket prints it (08:30 in Rome, 11:05 in Tokyo): the
 * browser's date-and-time picker (`YYYY-MM-DDTHH:MM`, empty when not set) and a searchable IANA
 * zone, side by side on a wide screen and stacked on a phone. They are two values of the form,
 * each with its own message: `at` and `zone` take `form.field(…)` of each. A time needs its
 * zone, so a chosen zone cannot be cleared (choosing it again keeps it).
 */
export function DateTimeZoneField({
  label,
  zoneLabel,
  at,
  zone,
}: {
  /** The time's name ("Departure"); the zone is "Time zone (Departure)" unless `zoneLabel`. */
  label: string;
  zoneLabel?: string;
  at: FieldProps<string>;
  /** An IANA zone (`Europe/Lisbon`), null or empty when none is chosen. */
  zone: FieldProps<string> | FieldProps<string | null>;
}) {
  const { t } = useTranslation('form', { useSuspense: false });
  const { language } = useLanguage();
  // A zone from a picked place may be spelt otherwise than in this browser's list: offered too.
  const options = zone.value && !zones().includes(zone.value) ? [zone.value, ...zones()] : zones();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput {...at} type="datetime-local" lang={language} label={label} />
      <Select
        {...zone}
        label={zoneLabel ?? t('timeZoneOf', { what: label })}
        data={options}
        searchable
        // As the currency's: the form may move the focus here to say what is wrong.
        openOnFocus={false}
        allowDeselect={false}
        value={zone.value || null}
        nothingFoundMessage={t('timeZoneNone')}
        onChange={(next) => next && zone.onChange(next)}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
