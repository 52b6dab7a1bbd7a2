import type { GeoPlace } from '@jammy/shared/geo';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import type { DestinationQuestion } from './use-destination-check';
import { destinationLabel } from '../lib/country';
import { isNamed } from '../lib/stage-draft';
import classes from './stages.module.css';

/** "Springfield, United States (IL)": a place as the traveller tells it from its namesakes. */
function placeLabel(place: GeoPlace, language: string): string {
  const label = destinationLabel(place.name, place.country, language) ?? place.name;
  return place.admin ? `${label} (${place.admin})` : label;
}

/**
 * Where is the destination the traveller typed? The search's matches, each a button that
 * saves the stage there, the first marked best when it bears the very name typed; or, when
 * nothing matched, a plain word
 * saying so. Either way the traveller may keep the name without a place on the map, or go
 * back and change it.
 */
export function DestinationCheck({
  question,
  saving,
  onUse,
  onKeep,
  onChangeName,
}: {
  question: DestinationQuestion;
  saving: boolean;
  onUse: (place: GeoPlace) => void;
  onKeep: () => void;
  onChangeName: () => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = 'destination-check-title';
  const found = question.places.length > 0;

  // The question comes after a press of the save button: bring the reader to it.
  useEffect(() => {
    panel.current?.focus();
  }, [question]);

  return (
    <Paper
      ref={panel}
      withBorder
      radius="md"
      p="md"
      bg="yellow.0"
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="destination-check"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMapPinQuestion size={22} aria-hidden color="var(--mantine-color-jam-8)" />
          <Title order={3} size="h5" id={titleId}>
            {t('check.title', { name: question.name })}
          </Title>
        </Group>
        <Text size="sm" c="gray.9">
          {found
            ? t('check.text')
            : question.failed
              ? t('check.failed')
              : t('check.none', { name: question.name })}
        </Text>
        {found && (
          <Stack gap={6} component="ul" className={classes.choices}>
            {question.places.map((place, index) => (
              <li key={place.id}>
                <Button
                  fullWidth
                  h="auto"
                  mih={36}
                  py={6}
                  justify="flex-start"
                  variant={index === 0 ? 'filled' : 'default'}
                  loading={saving && index === 0}
                  disabled={saving}
                  onClick={() => onUse(place)}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                >
                  <Group gap={8} component="span" wrap="wrap">
                    <bdi>{placeLabel(place, language)}</bdi>
                    {index === 0 && isNamed(question.name, place) && (
                      <Badge
                        size="sm"
                        variant="white"
                        color="jam.9"
                        component="span"
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        {t('check.best')}
                      </Badge>
                    )}
                  </Group>
                </Button>
              </li>
            ))}
          </Stack>
        )}
        <Group gap="sm">
          <Button
            variant={found ? 'default' : 'filled'}
            onClick={onKeep}
            disabled={saving && found}
            loading={saving && !found}
          >
            {t('check.keep')}
          </Button>
          <Button variant="subtle" onClick={onChangeName}>
            {t('check.change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
