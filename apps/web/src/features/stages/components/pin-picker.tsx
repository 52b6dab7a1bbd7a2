import { LIMITS, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import {
  Button,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TripMap, type MapPoint } from '../../maps/components/trip-map';
import type { Pick } from '../lib/picks';
import { CategorySelect } from './place-fields';

interface PinDraft {
  name: string;
  category: PlaceCategory;
  lat: number | '';
  lng: number | '';
}

const EMPTY_PIN: PinDraft = { name: '', category: 'sight', lat: '', lng: '' };

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
  const [pin, setPin] = useState<PinDraft>(EMPTY_PIN);
  const [errors, setErrors] = useState<Partial<Record<keyof PinDraft, string>>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const pending = pin.lat !== '' && pin.lng !== '' ? { lat: pin.lat, lng: pin.lng } : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!pin.name.trim()) found.name = t('validation.required');
    if (pin.lat === '' || pin.lat < -90 || pin.lat > 90) found.lat = t('validation.latitude');
    if (pin.lng === '' || pin.lng < -180 || pin.lng > 180) found.lng = t('validation.longitude');
    setErrors(found);
    if (Object.keys(found).length > 0 || pin.lat === '' || pin.lng === '') return;
    onAdd({
      key: `pin-${crypto.randomUUID()}`,
      name: pin.name.trim(),
      category: pin.category,
      lat: Math.round(pin.lat * 1e6) / 1e6,
      lng: Math.round(pin.lng * 1e6) / 1e6,
      address: null,
      origin: 'pin',
    });
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
          pending={pending}
          onPick={({ lat, lng }) => {
            setPin((current) => ({ ...current, lat, lng }));
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
                error={errors.name}
                onChange={(event) => setPin({ ...pin, name: event.currentTarget.value })}
              />
              <CategorySelect
                value={pin.category}
                onChange={(category) => setPin({ ...pin, category })}
              />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label={t('addPlaces.latitude')}
                min={-90}
                max={90}
                decimalScale={6}
                hideControls
                value={pin.lat}
                error={errors.lat}
                onChange={(value) =>
                  setPin({ ...pin, lat: typeof value === 'number' ? value : '' })
                }
              />
              <NumberInput
                label={t('addPlaces.longitude')}
                min={-180}
                max={180}
                decimalScale={6}
                hideControls
                value={pin.lng}
                error={errors.lng}
                onChange={(value) =>
                  setPin({ ...pin, lng: typeof value === 'number' ? value : '' })
                }
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
