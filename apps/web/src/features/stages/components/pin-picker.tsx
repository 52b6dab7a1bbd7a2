import { LIMITS } from '@jammy/shared/itinerary-limits';
import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { NumberField } from '../../../components/form/number-field';
import { useLanguage } from '../../../i18n/use-language';
import { TripMap, type MapPoint } from '../../../components/maps/trip-map';
import {
  EMPTY_PIN,
  LATITUDE,
  LONGITUDE,
  pinAt,
  pinPosition,
  readPin,
  type PinDraft,
  type PinErrors,
} from '../lib/pin-draft';
import type { Pick } from '../lib/picks';
import { CategorySelect } from './place-fields';

/** Where "drop a pin instead" leads: the pin picker, and its name field. */
export const PIN_PICKER_ID = 'drop-a-pin';
export const PIN_NAME_ID = 'drop-a-pin-name';

/**
 * A place of one's own: click the map to drop a pin (or type its coordinates), name it, and
 * add it to the picks.
 */
export function PinPicker({
  points,
  mapName,
  onAdd,
}: {
  /** The stage's places and the picks so far, numbered in the order they will have. */
  points: MapPoint[];
  mapName: string;
  onAdd: (pick: Pick) => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const [pin, setPin] = useState<PinDraft>(EMPTY_PIN);
  const [errors, setErrors] = useState<PinErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readPin(pin, language);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    onAdd({ key: `pin-${crypto.randomUUID()}`, ...read.pick });
    setPin(EMPTY_PIN);
    nameRef.current?.focus();
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      id={PIN_PICKER_ID}
      style={{ scrollMarginTop: '1rem' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {t('addPlaces.pinTitle')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('addPlaces.pinHint')}
          </Text>
        </div>
        <TripMap
          points={points}
          name={mapName}
          showRoute
          pending={pinPosition(pin, language)}
          onPick={(point) => {
            setPin((current) => pinAt(current, point, language));
            setErrors({});
            nameRef.current?.focus();
          }}
          height={340}
        />
        <form noValidate onSubmit={submit} aria-label={t('addPlaces.pinForm')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                ref={nameRef}
                id={PIN_NAME_ID}
                label={t('addPlaces.pinName')}
                placeholder={t('addPlaces.pinNamePlaceholder')}
                maxLength={LIMITS.placeName}
                value={pin.name}
                error={errors.name ? t(errors.name) : undefined}
                onChange={(event) => setPin({ ...pin, name: event.currentTarget.value })}
              />
              <CategorySelect
                value={pin.category}
                onChange={(category) => setPin({ ...pin, category })}
              />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              <NumberField
                label={t('addPlaces.latitude')}
                format={LATITUDE}
                example={41.9}
                value={pin.lat}
                problem={errors.lat}
                onChange={(lat) => setPin({ ...pin, lat })}
              />
              <NumberField
                label={t('addPlaces.longitude')}
                format={LONGITUDE}
                example={12.5}
                value={pin.lng}
                problem={errors.lng}
                onChange={(lng) => setPin({ ...pin, lng })}
              />
            </SimpleGrid>
            <Button
              type="submit"
              variant="light"
              leftSection={<IconMapPinPlus size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('addPlaces.pinAdd')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
