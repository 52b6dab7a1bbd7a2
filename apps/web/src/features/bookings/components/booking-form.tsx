import {
  BOOKING_KINDS,
  BOOKING_LIMITS,
  createBookingSchema,
  type Booking,
  type CreateBooking,
} from '@jammy/shared/bookings';
import {
  Checkbox,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/react';
import { AmountInput, useAmountMessage } from '../../../components/form/amount-field';
import { CurrencySelect } from '../../../components/form/currency-select';
import { DateField } from '../../../components/form/date-field';
import { DateTimeZoneField } from '../../../components/form/date-time-zone-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm, type Form } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import {
  BOOKING_FIELDS_OF_BODY,
  BOOKING_MESSAGES,
  draftOf,
  emptyDraft,
  fieldsOf,
  payloadOf,
  typedProblems,
  type BookingDraft,
} from '../lib/booking-draft';
import { BookingConflict } from './booking-conflict';
import { BookingPlaceField } from './booking-place-field';

/** What the start and end of a kind are called. */
function timeLabels(kind: BookingDraft['kind']): { start: string; end: string } {
  if (fieldsOf(kind).transport) return { start: 'fields.departure', end: 'fields.arrival' };
  if (kind === 'accommodation') return { start: 'fields.checkIn', end: 'fields.checkOut' };
  if (kind === 'car-rental') return { start: 'fields.pickUp', end: 'fields.dropOff' };
  return { start: 'fields.start', end: 'fields.end' };
}

/** The message of a cost that does not read, or of a cost without its currency. */
function useTypedMessages() {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const amountMessage = useAmountMessage();
  return (draft: BookingDraft) => {
    const problems = typedProblems(draft, language);
    return {
      ...(problems.cost && {
        cost: amountMessage(problems.cost.problem, t('fields.cost'), draft.currency, draft.cost),
      }),
      ...(problems.currency && { currency: t(problems.currency) }),
    };
  };
}

/**
 * A booking's form: the kind first, then the fields that kind asks for (carrier, number, from
 * and to for transport; an address elsewhere), times each with its own zone, the code, the cost
 * and a link. An all-day booking (ticked) has days instead: no time, no zone. A change is saved
 * at the version the form was filled from; when someone saved the booking meanwhile (409),
 * theirs is shown beside mine.
 */
export function BookingForm({
  booking,
  zone,
  currency,
  stages,
  titleRef,
  save,
  onSaved,
  onCancel,
}: {
  /** null: a new booking. */
  booking: Booking | null;
  /** The trip's zone: a new booking's times start in it. */
  zone: string;
  /** The trip's currency: a new booking's cost starts in it. */
  currency: string | null;
  /** The trip's stages, to file the booking under one. */
  stages: { value: string; label: string }[];
  titleRef?: Ref<HTMLInputElement>;
  /** Adds the booking, or changes it at `version` (the one the form was filled from, or theirs). */
  save: (body: CreateBooking, version: number) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const form = useForm({
    ns: 'bookings',
    messages: BOOKING_MESSAGES,
    fieldsOfBody: BOOKING_FIELDS_OF_BODY,
    initialValues: booking ? draftOf(booking, zone, language) : emptyDraft(zone, currency),
    version: booking?.version,
    unreadable: useTypedMessages(),
    // A change sends the booking whole, so it is checked as a whole booking is: the server
    // applies the same rules to the booking a change leaves.
    schema: createBookingSchema,
    toBody: (draft) => payloadOf(draft, language),
    submit: async (body) => {
      await save(body, form.version());
      onSaved();
    },
  });
  const theirs = form.conflict as Booking | null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'md' }}>
      <form {...form.formProps} aria-labelledby="booking-form-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="booking-form-title">
            {booking ? t('form.editLegend') : t('form.newLegend')}
          </Title>
          <BookingFields form={form} stages={stages} titleRef={titleRef} />
          {theirs && (
            <BookingConflict
              theirs={theirs}
              mine={form.values}
              zone={zone}
              stages={stages}
              saving={form.submitting}
              onUseTheirs={() => form.takeTheirs(draftOf(theirs, zone, language))}
              onKeepMine={form.keepMine}
            />
          )}
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          <SubmitBar
            label={booking ? t('form.save') : t('form.create')}
            submitting={form.submitting && !theirs}
            disabled={form.submitting && theirs !== null}
            size="sm"
            cancel={{ label: t('form.cancel'), onClick: onCancel }}
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** Every field of a booking, those of its kind only. */
function BookingFields({
  form,
  stages,
  titleRef,
}: {
  form: Form<BookingDraft>;
  stages: { value: string; label: string }[];
  titleRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('bookings');
  const draft = form.values;
  const shown = fieldsOf(draft.kind);
  const labels = timeLabels(draft.kind);
  const kind = form.field('kind');
  const stage = form.field('stageId');
  const allDay = form.field('allDay');
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          {...kind}
          label={t('fields.kind')}
          data={BOOKING_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          allowDeselect={false}
          onChange={(value) => {
            const next = BOOKING_KINDS.find((candidate) => candidate === value);
            if (next) kind.onChange(next);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          {...form.field('title')}
          ref={titleRef}
          label={t('fields.title')}
          placeholder={t(`placeholders.${draft.kind}`)}
          required
          maxLength={BOOKING_LIMITS.title}
        />
      </SimpleGrid>
      {stages.length > 0 && (
        <Select
          {...stage}
          label={t('fields.stage')}
          placeholder={t('fields.noStage')}
          data={stages}
          clearable
          clearButtonProps={{ 'aria-label': t('fields.stageClear') }}
          onChange={(value) => stage.onChange(value)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {(shown.carrier || shown.transport) && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {shown.carrier && (
            <TextInput
              {...form.field('carrier')}
              label={t(shown.transport ? 'fields.carrier' : 'fields.company')}
              maxLength={BOOKING_LIMITS.carrier}
            />
          )}
          {shown.transport && (
            <TextInput
              {...form.field('number')}
              label={t('fields.number')}
              maxLength={BOOKING_LIMITS.number}
            />
          )}
        </SimpleGrid>
      )}
      {shown.transport && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <BookingPlaceField form={form} end="from" label={t('fields.from')} />
          <BookingPlaceField form={form} end="to" label={t('fields.to')} />
        </SimpleGrid>
      )}
      {shown.address && (
        <TextInput
          {...form.field('address')}
          label={t('fields.address')}
          maxLength={BOOKING_LIMITS.address}
        />
      )}
      <Checkbox
        label={t('fields.allDay')}
        description={t('fields.allDayHint')}
        name={allDay.name}
        data-field={allDay['data-field']}
        checked={allDay.value}
        onChange={(event) => allDay.onChange(event.currentTarget.checked)}
      />
      {draft.allDay ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField {...form.field('startDate')} label={t('fields.firstDay')} />
          <DateField
            {...form.field('endDate')}
            label={t('fields.lastDay')}
            min={draft.startDate || undefined}
          />
        </SimpleGrid>
      ) : (
        <>
          <DateTimeZoneField
            label={t(labels.start)}
            at={form.field('startAt')}
            zone={form.field('startZone')}
          />
          <DateTimeZoneField
            label={t(labels.end)}
            at={form.field('endAt')}
            zone={form.field('endZone')}
          />
        </>
      )}
      <TextInput
        {...form.field('confirmationCode')}
        label={t('fields.code')}
        description={t('fields.codeHint')}
        maxLength={BOOKING_LIMITS.confirmationCode}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AmountInput {...form.field('cost')} label={t('fields.cost')} currency={draft.currency} />
        <CurrencySelect {...form.field('currency')} label={t('fields.currency')} />
      </SimpleGrid>
      <TextInput {...form.field('url')} type="url" label={t('fields.url')} placeholder="https://" />
      <Textarea
        {...form.field('notes')}
        label={t('fields.notes')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={BOOKING_LIMITS.notes}
      />
    </>
  );
}
