import type { Place, Stage } from '@jammy/shared/itineraries';
import { byPosition } from '@jammy/shared/positions';
import { Alert, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconMapPinOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useMovePlace } from '../api/places';
import { useLanguage } from '../../../i18n/use-language';
import { hasCoordinates, numbered, type NumberedPlace } from '../lib/place-order';
import { CategoryIcon } from '../../../components/category-icon';
import { usePlaceErrorMessage } from './use-place-error-message';
import classes from './places.module.css';

/**
 * The places that belong to no stage yet, each with a way to put it into one (at the end of
 * that stage). Focus stays in the section after a place leaves it.
 */
export function UnassignedPlaces({
  itineraryId,
  entries,
  stages,
  allPlaces,
}: {
  itineraryId: string;
  entries: NumberedPlace[];
  stages: Stage[];
  allPlaces: Place[];
}) {
  const { t } = useTranslation('places');
  const { to } = useLanguage();
  const move = useMovePlace(itineraryId);
  const errorMessage = usePlaceErrorMessage();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<{ name: string; error: unknown } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);

  function assign(entry: NumberedPlace, stage: Stage, index: number) {
    const last = allPlaces
      .filter((place) => place.stageId === stage.id)
      .sort(byPosition)
      .at(-1);
    setFailure(null);
    // The row disappears: keep the keyboard in the section, on the next place (or the title).
    const next = entries[index + 1] ?? entries[index - 1];
    requestAnimationFrame(() => {
      const target = next
        ? section.current?.querySelector<HTMLElement>(`[data-assign="${next.place.id}"]`)
        : null;
      (target ?? heading.current)?.focus();
    });
    move
      .mutateAsync({
        placeId: entry.place.id,
        afterId: last?.id ?? null,
        stageId: stage.id,
        version: entry.place.version,
      })
      .then(
        () =>
          setAnnouncement(t('unassigned.assigned', { name: entry.place.name, stage: stage.title })),
        (error: unknown) => setFailure({ name: entry.place.name, error }),
      );
  }

  return (
    <section ref={section} aria-labelledby="unassigned-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="unassigned-title" ref={heading} tabIndex={-1}>
            {t('unassigned.title')}
          </Title>
          <Text size="sm" c="gray.8">
            {stages.length > 0 ? t('unassigned.lead') : t('unassigned.noStages')}
          </Text>
        </div>
        {stages.length === 0 && (
          <Group>
            <Button component={Link} to={to(`/itinerary/${itineraryId}/stage`)} variant="light">
              {t('unassigned.addStage')}
            </Button>
          </Group>
        )}
        <div role="status">
          {announcement && (
            <Text size="sm" c="teal.9" fw={600}>
              {announcement}
            </Text>
          )}
        </div>
        {failure && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            withCloseButton
            closeButtonLabel={t('errors.dismiss')}
            onClose={() => setFailure(null)}
          >
            <Text size="sm" c="red.9">
              {t('errors.assignFailed', { name: failure.name })} {errorMessage(failure.error)}
            </Text>
          </Alert>
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('unassigned.none')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry, index) => (
              <li key={entry.place.id} className={classes.unassigned}>
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <span
                    className={classes.number}
                    data-off-map={!hasCoordinates(entry.place) || undefined}
                  >
                    {entry.number}
                  </span>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={700} size="sm" className={classes.name}>
                      <bdi>{entry.place.name}</bdi>
                    </Text>
                    <Group gap={6} c="gray.8" wrap="nowrap">
                      <CategoryIcon category={entry.place.category} size={14} />
                      <Text size="xs" c="gray.8">
                        {t(`categories.${entry.place.category}`)}
                      </Text>
                      {!hasCoordinates(entry.place) && (
                        <>
                          <IconMapPinOff size={14} aria-hidden />
                          <Text size="xs" c="gray.8">
                            {t('list.notOnMap')}
                          </Text>
                        </>
                      )}
                    </Group>
                  </div>
                </Group>
                {stages.length > 0 && (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button
                        size="xs"
                        variant="light"
                        data-assign={entry.place.id}
                        disabled={entry.place.id.startsWith('temp-')}
                        rightSection={<IconChevronDown size={14} aria-hidden />}
                        aria-label={t('unassigned.assignLabel', { name: entry.place.name })}
                      >
                        {t('unassigned.assign')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>{t('unassigned.menuLabel')}</Menu.Label>
                      {stages.map((stage, stageIndex) => (
                        <Menu.Item key={stage.id} onClick={() => assign(entry, stage, index)}>
                          <bdi>{numbered(stageIndex + 1, stage.title)}</bdi>
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </section>
  );
}
