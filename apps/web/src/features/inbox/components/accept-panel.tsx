import { LIMITS } from '@jammy/shared/itinerary-limits';
import type { InboxItem } from '@jammy/shared/inbox';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { formatDateRange } from '../../../lib/format';
import { toProblem } from '../../../lib/problem';
import { useLanguage } from '../../../i18n/use-language';
import { useAcceptItem, useChangeItem, useTripChoices } from '../api/inbox';
import { isolate } from '../lib/wall-clock';

const NEW_TRIP = 'new';

/**
 * Where an item's bookings go (the trip its days match, one the traveller picks, or a new
 * trip) and the button that puts them there. Picking a trip moves the item at once.
 */
export function AcceptPanel({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const { language } = useLanguage();
  const trips = useTripChoices();
  const change = useChangeItem();
  const accept = useAcceptItem();
  const target = item.trip?.itineraryId ?? NEW_TRIP;
  const [newTitle, setNewTitle] = useState(
    (item.subject ?? item.proposals[0]?.values.title ?? '').slice(0, LIMITS.title),
  );
  const writable = (trips.data?.items ?? []).filter((trip) => trip.role !== 'viewer');
  const options = [
    ...writable.map((trip) => {
      const dates = formatDateRange(trip.startDate, trip.endDate, language);
      // Each part keeps its own direction in a label of the other (a Latin title in Arabic).
      const title = isolate(trip.title);
      return { value: trip.id, label: dates ? `${title} (${isolate(dates)})` : title };
    }),
    { value: NEW_TRIP, label: t('trip.new') },
  ];
  // The matched trip may be past the first page of trips: it is offered all the same.
  if (item.trip && !options.some((option) => option.value === item.trip?.itineraryId)) {
    options.unshift({ value: item.trip.itineraryId, label: isolate(item.trip.title) });
  }
  const problem = accept.error ? toProblem(accept.error) : null;
  const fix = problem?.issues.find((issue) => issue.field.startsWith('proposals.'));
  const [, index, field] = fix?.field.split('.') ?? [];

  return (
    <Stack gap="xs">
      <Text size="sm" c="gray.8">
        {item.trip
          ? t(item.trip.chosen ? 'trip.chosen' : 'trip.matched', {
              title: isolate(item.trip.title),
            })
          : t('trip.none')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('trip.label')}
          data={options}
          value={target}
          allowDeselect={false}
          disabled={change.isPending}
          onChange={(next) =>
            next &&
            change.mutate({
              id: item.id,
              body: { itineraryId: next === NEW_TRIP ? null : next, version: item.version },
            })
          }
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 14rem' }}
        />
        {target === NEW_TRIP && (
          <TextInput
            label={t('trip.newTitle')}
            value={newTitle}
            maxLength={LIMITS.title}
            onChange={(event) => setNewTitle(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
        )}
        <Button
          leftSection={<IconCheck size={16} aria-hidden />}
          loading={accept.isPending}
          onClick={() =>
            accept.mutate({
              id: item.id,
              body:
                target === NEW_TRIP
                  ? {
                      newTrip: { title: newTitle.trim() || t('trip.defaultTitle') },
                      version: item.version,
                    }
                  : { itineraryId: target, version: item.version },
            })
          }
        >
          {t('actions.accept')}
        </Button>
      </Group>
      {fix ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="red.9">
            {t('accept.fix', {
              number: Number(index) + 1,
              field: t(`field.${field ?? 'title'}`, { defaultValue: field }),
            })}
          </Text>
        </Alert>
      ) : accept.error ? (
        <ProblemAlert error={accept.error} />
      ) : null}
      {change.error ? <ProblemAlert error={change.error} /> : null}
    </Stack>
  );
}
