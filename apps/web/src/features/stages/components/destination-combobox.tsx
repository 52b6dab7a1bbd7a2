import type { GeoPlace } from '@jammy/shared/geo';
import { useTranslation } from '../../../i18n/react';
import { PlaceField, type PlaceValue } from '../../../components/form/place-field';
import { useLanguage } from '../../../i18n/use-language';
import { destinationLabel } from '../lib/country';
import classes from './stages.module.css';

/** A stage's destination: a name, and where it is when it was picked from the gazetteer. */
export type Destination = PlaceValue;

/**
 * A city search box (offline gazetteer): the kit's place field in the words of a stage —
 * choosing a city sets the name, coordinates and country; free text is kept as a name only.
 */
export function DestinationCombobox({
  value,
  onChange,
  onPicked,
  error,
  label,
  hint,
}: {
  value: Destination;
  onChange: (destination: Destination) => void;
  /** Called when a city is chosen from the list (not for typed text). */
  onPicked?: (place: GeoPlace) => void;
  error?: string | null;
  /** Another label than "Destination" (a booking's "From" and "To"). */
  label?: string;
  /** Another hint than placing a stage on the map. */
  hint?: string;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  return (
    <PlaceField
      label={label ?? t('fields.destination')}
      classNames={{ description: classes.description }}
      description={hint ?? t('destination.hint')}
      locatedDescription={(place) =>
        t('destination.located', {
          name: destinationLabel(place.name, place.countryCode, language),
        })
      }
      placeholder={t('destination.placeholder')}
      value={value}
      onChange={onChange}
      onPicked={onPicked}
      kind="city"
      error={error}
      data-field="destination"
      words={{
        results: t('destination.results'),
        none: t('destination.none'),
        failed: t('destination.failed'),
      }}
    />
  );
}
