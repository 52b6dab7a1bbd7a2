import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConflictAlert } from '../../../components/form/conflict-panel';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { toProblem } from '../../../lib/problem';
import { useCreateBooking, useDeleteBooking, useUpdateBooking } from '../api/bookings';
import { referenceZone } from '../lib/booking-time';
import { BookingDays } from './booking-days';
import { BookingForm } from './booking-form';

type Editing = { mode: 'new' } | { mode: 'edit'; booking: Booking };

/**
 * A delete that did not go through: someone changed the booking meanwhile (409: theirs, to
 * keep or to delete anyway), or another failure (to try again unless the booking is gone).
 */
function DeleteFailure({
  error,
  onRetry,
  onDismiss,
}: {
  error: unknown;
  onRetry: (version?: number) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('bookings');
  const problem = toProblem(error);
  const current = problem.code === 'conflict' ? (problem.current as Booking | null) : null;
  if (current) {
    return (
      <ConflictAlert title={t('conflict.title')}>
        <Stack gap="sm">
          <Text size="sm" c="ink.9">
            {t('conflict.text')}
          </Text>
          <Paper withBorder radius="md" p="sm" bg="white">
            <Text size="xs" fw={700} c="gray.8" tt="uppercase" mb={4}>
              {t('conflict.theirVersion')}
            </Text>
            <Text size="sm" fw={700}>
              <bdi>{current.title}</bdi>
            </Text>
          </Paper>
          <Group gap="xs">
            <Button size="xs" color="orange.9" onClick={() => onRetry(current.version)}>
              {t('conflict.saveMine')}
            </Button>
            <Button size="xs" variant="default" onClick={onDismiss}>
              {t('conflict.keepTheirs')}
            </Button>
          </Group>
        </Stack>
      </ConflictAlert>
    );
  }
  return (
    <ProblemAlert error={error}>
      <Group gap="xs">
        {problem.code !== 'booking/not-found' && (
          <Button size="xs" color="red" onClick={() => onRetry()}>
            {t('actions.retry')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onDismiss}>
          {t('actions.dismiss')}
        </Button>
      </Group>
    </ProblemAlert>
  );
}

/**
 * /itinerary/{id}/bookings: the trip's bookings day by day, each with its times in its own
 * zone; editors add, change and delete them (a stale change shows theirs and offers mine).
 */
export function BookingsPage({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('bookings');
  const { itinerary, bookings } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const zone = referenceZone(itinerary.timezone);
  const create = useCreateBooking(itinerary.id);
  const update = useUpdateBooking(itinerary.id);
  const remove = useDeleteBooking(itinerary.id);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Each opening is a form of its own, filled afresh (the same booking opened again too).
  const [opened, setOpened] = useState(0);
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<{ booking: Booking; error: unknown } | null>(
    null,
  );
  const addButton = useRef<HTMLButtonElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const open = (next: Editing) => {
    setEditing(next);
    setOpened((count) => count + 1);
    requestAnimationFrame(() => titleInput.current?.focus());
  };

  const close = (focus?: string) => {
    setEditing(null);
    requestAnimationFrame(() => {
      const target = focus
        ? document.querySelector<HTMLElement>(`[data-booking-id="${focus}"] [data-action="edit"]`)
        : null;
      (target ?? addButton.current)?.focus();
    });
  };

  const deleteBooking = (booking: Booking, version: number) => {
    setConfirming(null);
    setDeleteFailure(null);
    requestAnimationFrame(() => addButton.current?.focus());
    remove.mutate(
      { bookingId: booking.id, version },
      { onError: (error) => setDeleteFailure({ booking, error }) },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text c="gray.8" size="sm" maw={520}>
          {t('page.intro')}
        </Text>
        {canEdit && !editing && (
          <Button
            ref={addButton}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => open({ mode: 'new' })}
          >
            {t('page.add')}
          </Button>
        )}
      </Group>

      {editing && (
        <BookingForm
          key={opened}
          booking={editing.mode === 'edit' ? editing.booking : null}
          zone={zone}
          currency={itinerary.currency}
          titleRef={titleInput}
          stages={tree.stages.map((stage) => ({ value: stage.id, label: stage.title }))}
          save={(body, version) =>
            editing.mode === 'edit'
              ? update.mutateAsync({ ...body, bookingId: editing.booking.id, version })
              : create.mutateAsync(body)
          }
          onSaved={() => close(editing.mode === 'edit' ? editing.booking.id : undefined)}
          onCancel={() => close(editing.mode === 'edit' ? editing.booking.id : undefined)}
        />
      )}

      {deleteFailure && (
        <DeleteFailure
          error={deleteFailure.error}
          onRetry={(version) =>
            deleteBooking(deleteFailure.booking, version ?? deleteFailure.booking.version)
          }
          onDismiss={() => setDeleteFailure(null)}
        />
      )}

      <section aria-labelledby="bookings-list-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="bookings-list-title">
            {t('page.listTitle')}
          </Title>
          {bookings.length === 0 ? (
            <Paper withBorder radius="lg" p="xl">
              <Stack align="center" gap="sm" ta="center">
                <IconTicket size={40} aria-hidden color="var(--mantine-color-jam-8)" />
                <Text fw={700}>{t('page.emptyTitle')}</Text>
                <Text size="sm" c="gray.8" maw={380}>
                  {canEdit ? t('page.emptyText') : t('page.emptyViewer')}
                </Text>
              </Stack>
            </Paper>
          ) : (
            <BookingDays
              bookings={bookings}
              itineraryZone={itinerary.timezone}
              actions={
                canEdit
                  ? (booking) => (
                      <Stack gap={4}>
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          data-action="edit"
                          aria-label={t('line.edit', { title: booking.title })}
                          onClick={() => open({ mode: 'edit', booking })}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          data-action="delete"
                          aria-label={t('line.delete', { title: booking.title })}
                          onClick={() => setConfirming(booking)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Stack>
                    )
                  : undefined
              }
            />
          )}
        </Stack>
      </section>

      <ConfirmDialog
        opened={confirming !== null}
        title={t('confirm.title')}
        message={t('confirm.text', { title: confirming?.title ?? '' })}
        confirm={t('confirm.delete')}
        cancel={t('confirm.cancel')}
        returnFocus={false}
        onConfirm={() => confirming && deleteBooking(confirming, confirming.version)}
        onCancel={() => {
          const booking = confirming;
          setConfirming(null);
          requestAnimationFrame(() =>
            document
              .querySelector<HTMLElement>(
                `[data-booking-id="${booking?.id}"] [data-action="delete"]`,
              )
              ?.focus(),
          );
        }}
      />
    </Stack>
  );
}
