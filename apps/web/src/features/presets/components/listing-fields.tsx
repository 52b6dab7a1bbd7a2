import type { InterestId } from '@jammy/shared/interests';
import { REGIONS, type Region } from '@jammy/shared/presets-plain';
import { NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InterestPicker } from './interest-picker';

export interface ListingValues {
  region: Region;
  interests: InterestId[];
  premium: boolean;
}

/** Where a Jammy itinerary is listed: region, interests, premium (admins publishing or editing). */
export function ListingFields({
  value,
  onChange,
}: {
  value: ListingValues;
  onChange: (next: ListingValues) => void;
}) {
  const { t } = useTranslation('presets');
  const interestsId = useId();
  return (
    <Stack gap="md">
      <NativeSelect
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
      <Stack gap={6}>
        <Text id={interestsId} size="sm" fw={600}>
          {t('admin.interests')}
        </Text>
        <InterestPicker
          value={value.interests}
          onChange={(interests) => onChange({ ...value, interests })}
          labelledBy={interestsId}
        />
      </Stack>
      <Switch
        label={t('admin.premium')}
        description={t('admin.premiumHint')}
        checked={value.premium}
        onChange={(event) => onChange({ ...value, premium: event.currentTarget.checked })}
      />
    </Stack>
  );
}
