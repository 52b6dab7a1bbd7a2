import { HOME_PLACE_MAX_LENGTH } from '@jammy/shared/account-limits';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { NO_PLACE, PlaceField } from '../../../components/form/place-field';

/**
 * Where I live: typing searches the gazetteer (cities, in my language); choosing one writes
 * "City, Country". Free text is kept as typed.
 */
export function HomePlaceField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <PlaceField
      label={t('home.label')}
      description={t('home.hint')}
      placeholder={t('home.placeholder')}
      value={{ ...NO_PLACE, name: value }}
      onChange={(place) => onChange(place.name)}
      nameOf={(place) => `${place.name}, ${place.countryName}`}
      kind="city"
      limit={6}
      size="md"
      maxLength={HOME_PLACE_MAX_LENGTH}
      icon={<IconHome size={18} aria-hidden />}
      words={{ results: t('home.results') }}
    />
  );
}
