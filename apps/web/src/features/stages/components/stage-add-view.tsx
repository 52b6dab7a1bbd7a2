import type { GeoPlace } from '@jammy/shared/geo';
import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import { Alert, Container, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { scrollBehavior } from '../../../lib/motion';
import { useLanguage } from '../../../i18n/use-language';
import { ItineraryHeader } from '../../itineraries/public';
import type { MapPoint } from '../../../components/maps/trip-map';
import { useAddPicks } from './use-add-picks';
import { placePoints } from '../lib/map-points';
import { isSaved } from '../lib/move';
import { loadPicks, pickFromSearch, savePicks, type Pick } from '../lib/picks';
import { PickTray } from './pick-tray';
import { PIN_NAME_ID, PIN_PICKER_ID, PinPicker } from './pin-picker';
import { PlaceSearchPicker } from './place-search-picker';
import { ProblemAlert } from './problem-alert';
import classes from './stages.module.css';

/** /itinerary/{id}/stage/{stageId}/add: pick places by search or by pin, then add them all. */
export function StageAddView({ tree, stage }: { tree: ItineraryTree; stage: Stage }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stages');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const { itinerary } = tree;
  const stagePath = to(`/itinerary/${itinerary.id}/stage/${stage.id}`);
  const [initial] = useState(() => loadPicks(stage.id));
  const [picks, setPicks] = useState<Pick[]>(initial.picks);
  const [announcement, setAnnouncement] = useState('');
  const { add, adding } = useAddPicks(itinerary.id, stage.id);
  // Places being saved right now are still in the picks: count only saved ones.
  const stagePlaces = tree.places.filter(
    (place) => place.stageId === stage.id && isSaved(place.id),
  );
  const pickedKeys = useMemo(() => new Set(picks.map((pick) => pick.key)), [picks]);

  const points: MapPoint[] = [
    ...placePoints(stagePlaces),
    ...picks.map((pick, index) => ({
      id: pick.key,
      lat: pick.lat,
      lng: pick.lng,
      label: String(stagePlaces.length + index + 1),
      title: pick.name,
    })),
  ];

  const update = (next: Pick[]) => {
    setPicks(next);
    savePicks(stage.id, { picks: next, failure: null });
  };
  const toggle = (place: GeoPlace, picked: boolean) => {
    if (picked) {
      update([...picks, pickFromSearch(place)]);
      setAnnouncement(ts('addPlaces.picked', { name: place.name, count: picks.length + 1 }));
    } else {
      update(picks.filter((pick) => pick.key !== place.id));
      setAnnouncement(ts('addPlaces.unpicked', { name: place.name, count: picks.length - 1 }));
    }
  };

  const submit = async () => {
    if (picks.length === 0 || adding) return;
    const outcome = await add(picks);
    if (outcome.ok) {
      savePicks(stage.id, { picks: [], failure: null });
      const queued = outcome.queued > 0 ? `&queued=${outcome.queued}` : '';
      void navigate(`${stagePath}/add/finish?added=${outcome.addedIds.join(',')}${queued}`);
      return;
    }
    savePicks(stage.id, {
      picks: outcome.failed,
      failure: {
        problem: outcome.problem,
        addedIds: outcome.addedIds,
        at: new Date().toISOString(),
      },
    });
    void navigate(`${stagePath}/error`);
  };

  return (
    <>
      <ItineraryHeader itinerary={itinerary} heading={t('routes.stage-add.title')} />
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        <Text c="gray.8" mb="lg">
          {ts('addPlaces.lead', { name: stage.title })}
        </Text>
        {itinerary.role === 'viewer' ? (
          <ProblemAlert problem={{ kind: 'forbidden', status: 403, fields: [] }} />
        ) : (
          <>
            {initial.failure && initial.picks.length > 0 && (
              <Alert
                color="ink"
                variant="light"
                radius="md"
                mb="lg"
                icon={<IconInfoCircle size={18} aria-hidden />}
              >
                {ts('addPlaces.leftover', { count: initial.picks.length })}
              </Alert>
            )}
            <div className={classes.addLayout}>
              <div className={classes.areaSearch}>
                <PlaceSearchPicker
                  pickedKeys={pickedKeys}
                  onToggle={toggle}
                  onDropPin={() => {
                    document
                      .getElementById(PIN_PICKER_ID)
                      ?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
                    document.getElementById(PIN_NAME_ID)?.focus({ preventScroll: true });
                  }}
                />
              </div>
              <div className={classes.areaTray}>
                <PickTray
                  picks={picks}
                  firstNumber={stagePlaces.length + 1}
                  adding={adding}
                  stagePath={stagePath}
                  onChange={update}
                  onSubmit={() => void submit()}
                />
              </div>
              <div className={classes.areaMap}>
                <PinPicker
                  points={points}
                  mapName={stage.title}
                  onAdd={(pick) => {
                    update([...picks, pick]);
                    setAnnouncement(
                      ts('addPlaces.picked', { name: pick.name, count: picks.length + 1 }),
                    );
                  }}
                />
              </div>
            </div>
          </>
        )}
      </Container>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
