import type { InterestId } from '@jammy/shared/interests';
import { REGIONS, type Region } from '@jammy/shared/presets-plain';
import { Input, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { InterestPicker } from './interest-picker';

export type ListingValues = {
  region: Region;
  interests: InterestId[];
  premium: boolean;
};

/**
 * Where a Jammy itinerary is listed: region, interests, premium (admins publishing or editing).
 * `errorOf` is what the form (the kit's `form.errorOf`) says of each field; each field is
 * marked with its name (`data-field`), so that the kit can focus the first one at fault.
 */
export function ListingFields({
  value,
  onChange,
  errorOf,
}: {
  value: ListingValues;
  onChange: (next: ListingValues) => void;
  errorOf: (field: keyof ListingValues) => string | undefined;
}) {
  const { t } = useTranslation('presets');
  const errors = {
    region: errorOf('region'),
    interests: errorOf('interests'),
    premium: errorOf('premium'),
  };
  const interestsId = useId();
  const interestsError = useId();
  return (
    <Stack gap="md">
      <NativeSelect
        data-field="region"
        error={errors.region}
        label={t('admin.region')}
        value={value.region}
        onChange={(event) =>
          onChange({
            ...value,
            region: REGIONS.find((region) => region === event.currentTarget.value) ?? value.region,
          })
        }
        data={REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) }))}
      />
      <Stack gap={6} data-field="interests">
        <Text id={interestsId} size="sm" fw={600}>
          {t('admin.interests')}
        </Text>
        <InterestPicker
          value={value.interests}
          onChange={(interests) => onChange({ ...value, interests })}
          labelledBy={interestsId}
          describedBy={errors.interests ? interestsError : undefined}
        />
        {errors.interests && <Input.Error id={interestsError}>{errors.interests}</Input.Error>}
      </Stack>
      <Switch
        data-field="premium"
        error={errors.premium}
        label={t('admin.premium')}
        description={t('admin.premiumHint')}
        checked={value.premium}
        onChange={(event) => onChange({ ...value, premium: event.currentTarget.checked })}
      />
    </Stack>
  );
}
