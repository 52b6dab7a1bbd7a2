import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconPencil,
  IconPlus,
  IconTicket,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import {
  useCreateBooking,
  useDeleteBooking,
  useUpdateBooking,
} from '../../itineraries/api/bookings';
import {
  draftFieldOf,
  draftOf,
  emptyDraft,
  payloadOf,
  validateDraft,
  type BookingDraft,
  type BookingErrors,
} from '../booking-draft';
import { referenceZone } from '../booking-time';
import { BookingDays } from './booking-days';
import { BookingForm } from './booking-form';

type Editing = { mode: 'new' } | { mode: 'edit'; booking: Booking };

/** A write that did not go through: a conflict with their row, or another failure. */
interface Failure {
  kind: 'conflict' | 'gone' | 'network' | 'invalid' | 'other';
  /** On a conflict: the booking as it is now. */
  current?: Booking;
}

function failureOf(error: unknown): { failure: Failure; fields: BookingErrors } {
  if (!(error instanceof ApiError)) return { failure: { kind: 'other' }, fields: {} };
  if (error.isNetworkError) return { failure: { kind: 'network' }, fields: {} };
  const details = error.details as { current?: Booking; issues?: { field: string }[] } | undefined;
  if (error.status === 409)
    return { failure: { kind: 'conflict', current: details?.current }, fields: {} };
  if (error.status === 404) return { failure: { kind: 'gone' }, fields: {} };
  if (error.status === 400) {
    const fields: BookingErrors = {};
    for (const issue of details?.issues ?? []) {
      const field = draftFieldOf(issue.field);
      if (field) fields[field] = 'validation.server';
    }
    return { failure: { kind: 'invalid' }, fields };
  }
  return { failure: { kind: 'other' }, fields: {} };
}

function FailureNotice({
  failure,
  onReapply,
  onDismiss,
}: {
  failure: Failure;
  onReapply?: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('bookings');
  const conflict = failure.kind === 'conflict';
  return (
    <Alert
      role="alert"
      color={conflict ? 'orange' : 'red'}
      variant="light"
      icon={
        conflict ? <IconUsers size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />
      }
      title={conflict ? t('problems.conflictTitle') : undefined}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.9">
          {t(`problems.${failure.kind}`)}
        </Text>
        {conflict && failure.current && (
          <Paper withBorder radius="md" p="sm" bg="white">
            <Text size="xs" fw={700} c="gray.8" tt="uppercase" mb={4}>
              {t('problems.theirVersion')}
            </Text>
            <Text size="sm" fw={700}>
              <bdi>{failure.current.title}</bdi>
            </Text>
          </Paper>
        )}
        <Group gap="xs">
          {onReapply && failure.kind !== 'invalid' && failure.kind !== 'gone' && (
            <Button size="xs" color={conflict ? 'orange.9' : 'red'} onClick={onReapply}>
              {conflict ? t('problems.reapply') : t('problems.retry')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onDismiss}>
            {conflict ? t('problems.keepTheirs') : t('problems.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * /itinerary/{id}/bookings: the trip's bookings day by day, each with its times in its own
 * zone; editors add, change and delete them (a stale change shows theirs and offers mine).
 */
export function BookingsPage({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const { itinerary, bookings } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const zone = referenceZone(itinerary.timezone);
  const create = useCreateBooking(itinerary.id);
  const update = useUpdateBooking(itinerary.id);
  const remove = useDeleteBooking(itinerary.id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [draft, setDraft] = useState<BookingDraft>(() => emptyDraft(zone, itinerary.currency));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<{ booking: Booking; failure: Failure } | null>(
    null,
  );
  const addButton = useRef<HTMLButtonElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  const open = (next: Editing) => {
    setEditing(next);
    setDraft(
      next.mode === 'new'
        ? emptyDraft(zone, itinerary.currency)
        : draftOf(next.booking, zone, language),
    );
    setErrors({});
    setFailure(null);
    requestAnimationFrame(() => titleInput.current?.focus());
  };

  const close = (focus?: string) => {
    setEditing(null);
    setFailure(null);
    requestAnimationFrame(() => {
      const target = focus
        ? document.querySelector<HTMLElement>(`[data-booking-id="${focus}"] [data-action="edit"]`)
        : null;
      (target ?? addButton.current)?.focus();
    });
  };

  const save = (version?: number) => {
    const problems = validateDraft(draft, language);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = payloadOf(draft, language);
    const onError = (error: unknown) => {
      const { failure: next, fields } = failureOf(error);
      setErrors(fields);
      setFailure(next);
    };
    if (editing?.mode === 'edit') {
      update.mutate(
        { ...body, bookingId: editing.booking.id, version: version ?? editing.booking.version },
        { onSuccess: () => close(editing.booking.id), onError },
      );
    } else {
      create.mutate(body, { onSuccess: () => close(), onError });
    }
  };

  const deleteBooking = (booking: Booking, version: number) => {
    setConfirming(null);
    setDeleteFailure(null);
    requestAnimationFrame(() => addButton.current?.focus());
    remove.mutate(
      { bookingId: booking.id, version },
      { onError: (error) => setDeleteFailure({ booking, failure: failureOf(error).failure }) },
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
          legend={editing.mode === 'new' ? t('form.newLegend') : t('form.editLegend')}
          draft={draft}
          errors={errors}
          pending={create.isPending || update.isPending}
          submitLabel={editing.mode === 'new' ? t('form.create') : t('form.save')}
          titleRef={titleInput}
          stages={tree.stages.map((stage) => ({ value: stage.id, label: stage.title }))}
          onChange={setDraft}
          onSubmit={() => save()}
          onCancel={() => close(editing.mode === 'edit' ? editing.booking.id : undefined)}
          problem={
            failure && (
              <FailureNotice
                failure={failure}
                onReapply={() => save(failure.current?.version)}
                onDismiss={() => {
                  if (failure.kind === 'conflict' && failure.current) {
                    // Keep theirs: the form shows the booking as it is now.
                    setEditing({ mode: 'edit', booking: failure.current });
                    setDraft(draftOf(failure.current, zone, language));
                  }
                  setFailure(null);
                }}
              />
            )
          }
        />
      )}

      {deleteFailure && (
        <FailureNotice
          failure={deleteFailure.failure}
          onReapply={() =>
            deleteBooking(
              deleteFailure.booking,
              deleteFailure.failure.current?.version ?? deleteFailure.booking.version,
            )
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
