import { useTranslation } from '../../../i18n/react';
import { PlaceField, type PlaceValue } from '../../../components/form/place-field';
import type { Form } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { displayNames } from '../../../lib/intl';
import { pickEndpoint, type BookingDraft } from '../lib/booking-draft';

/**
 * A transport booking's From or To: the kit's place field, searching cities. Picking one puts
 * it on the map and sets the zone of the time at that end (the departure's for From), which
 * stays editable.
 */
export function BookingPlaceField({
  form,
  end,
  label,
}: {
  form: Form<BookingDraft>;
  end: 'from' | 'to';
  label: string;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const zone = end === 'from' ? 'startZone' : 'endZone';
  const located = (place: PlaceValue) =>
    place.countryCode
      ? t('fields.locatedIn', {
          name: place.name,
          country: displayNames([language], { type: 'region' }).of(place.countryCode),
        })
      : t('fields.located', { name: place.name });
  return (
    <PlaceField
      {...form.field(end)}
      label={label}
      description={t('fields.placeHint')}
      locatedDescription={located}
      placeholder={t('fields.placePlaceholder')}
      kind="city"
      onPicked={(place) => form.setValue(zone, pickEndpoint(form.values, end, place)[zone])}
    />
  );
}
