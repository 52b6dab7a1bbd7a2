import { BOOKING_KINDS, BOOKING_LIMITS, type BookingKind } from '@jammy/shared/bookings-plain';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/form/amount-field';
import { useLanguage } from '../../../i18n/use-language';
import { DestinationCombobox } from '../../stages/components/destination-combobox';
import { currencyOptions } from '../../../components/form/currencies';
import { fieldsOf, pickEndpoint, type BookingDraft, type BookingErrors } from '../booking-draft';
import { timeZoneNames } from '../booking-time';

/** What the start and end of a kind are called. */
function timeLabels(kind: BookingKind): { start: string; end: string } {
  if (fieldsOf(kind).transport) return { start: 'fields.departure', end: 'fields.arrival' };
  if (kind === 'accommodation') return { start: 'fields.checkIn', end: 'fields.checkOut' };
  if (kind === 'car-rental') return { start: 'fields.pickUp', end: 'fields.dropOff' };
  return { start: 'fields.start', end: 'fields.end' };
}

/** A wall-clock time and the IANA zone it is read in, side by side (stacked on a phone). */
function TimeWithZone({
  label,
  zoneLabel,
  value,
  zone,
  zones,
  error,
  zoneError,
  onChange,
  onZone,
  testId,
}: {
  label: string;
  zoneLabel: string;
  value: string;
  zone: string | null;
  zones: string[];
  error?: string;
  zoneError?: string;
  onChange: (value: string) => void;
  onZone: (zone: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('bookings');
  // A zone from a picked place may be spelt otherwise than in this browser's list: offer it too.
  const data = zone && !zones.includes(zone) ? [zone, ...zones] : zones;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <TextInput
        type="datetime-local"
        label={label}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid={`${testId}-time`}
      />
      <Select
        label={zoneLabel}
        data={data}
        searchable
        // A time needs its zone: choosing the zone already chosen keeps it.
        allowDeselect={false}
        value={zone}
        error={zoneError}
        nothingFoundMessage={t('fields.zoneNone')}
        onChange={onZone}
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testId}-zone`}
      />
    </SimpleGrid>
  );
}

/**
 * A booking's form: the kind first, then the fields that kind asks for (carrier, number, from
 * and to for transport; an address elsewhere), times each with its own zone, the code, the cost
 * and a link. An all-day booking (ticked) has days instead: no time, no zone.
 */
export function BookingForm({
  legend,
  draft,
  errors,
  submitLabel,
  pending,
  problem,
  titleRef,
  stages,
  onChange,
  onSubmit,
  onCancel,
}: {
  legend: string;
  /** The trip's stages, to file the booking under one. */
  stages: { value: string; label: string }[];
  draft: BookingDraft;
  errors: BookingErrors;
  submitLabel: string;
  pending: boolean;
  problem?: ReactNode;
  titleRef?: Ref<HTMLInputElement>;
  onChange: (draft: BookingDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const zones = timeZoneNames();
  const shown = fieldsOf(draft.kind);
  const labels = timeLabels(draft.kind);
  const set = <K extends keyof BookingDraft>(key: K, value: BookingDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const message = (key: Exclude<keyof BookingDraft, 'cost'>) =>
    errors[key] ? t(errors[key]) : undefined;
  const kinds = BOOKING_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'md' }}>
      <form onSubmit={submit} noValidate aria-labelledby="booking-form-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="booking-form-title">
            {legend}
          </Title>
          {problem}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('fields.kind')}
              data={kinds}
              value={draft.kind}
              allowDeselect={false}
              onChange={(value) => value && set('kind', value as BookingKind)}
              comboboxProps={{ withinPortal: true }}
              data-testid="booking-kind"
            />
            <TextInput
              ref={titleRef}
              label={t('fields.title')}
              placeholder={t(`placeholders.${draft.kind}`)}
              required
              maxLength={BOOKING_LIMITS.title}
              value={draft.title}
              error={message('title')}
              onChange={(event) => set('title', event.currentTarget.value)}
            />
          </SimpleGrid>
          {stages.length > 0 && (
            <Select
              label={t('fields.stage')}
              placeholder={t('fields.noStage')}
              data={stages}
              clearable
              clearButtonProps={{ 'aria-label': t('fields.stageClear') }}
              value={draft.stageId}
              error={message('stageId')}
              onChange={(value) => set('stageId', value)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {(shown.carrier || shown.transport) && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {shown.carrier && (
                <TextInput
                  label={t(shown.transport ? 'fields.carrier' : `fields.company`)}
                  maxLength={BOOKING_LIMITS.carrier}
                  value={draft.carrier}
                  error={message('carrier')}
                  onChange={(event) => set('carrier', event.currentTarget.value)}
                />
              )}
              {shown.transport && (
                <TextInput
                  label={t('fields.number')}
                  maxLength={BOOKING_LIMITS.number}
                  value={draft.number}
                  error={message('number')}
                  onChange={(event) => set('number', event.currentTarget.value)}
                />
              )}
            </SimpleGrid>
          )}
          {shown.transport && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DestinationCombobox
                label={t('fields.from')}
                hint={t('fields.placeHint')}
                value={draft.from}
                error={message('from')}
                onChange={(from) => set('from', from)}
                onPicked={(place) => onChange(pickEndpoint(draft, 'from', place))}
              />
              <DestinationCombobox
                label={t('fields.to')}
                hint={t('fields.placeHint')}
                value={draft.to}
                error={message('to')}
                onChange={(to) => set('to', to)}
                onPicked={(place) => onChange(pickEndpoint(draft, 'to', place))}
              />
            </SimpleGrid>
          )}
          {shown.address && (
            <TextInput
              label={t('fields.address')}
              maxLength={BOOKING_LIMITS.address}
              value={draft.address}
              error={message('address')}
              onChange={(event) => set('address', event.currentTarget.value)}
            />
          )}
          <Checkbox
            label={t('fields.allDay')}
            description={t('fields.allDayHint')}
            checked={draft.allDay}
            onChange={(event) => set('allDay', event.currentTarget.checked)}
            data-testid="booking-all-day"
          />
          {draft.allDay ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                type="date"
                label={t('fields.firstDay')}
                value={draft.startDate}
                error={message('startDate')}
                onChange={(event) => set('startDate', event.currentTarget.value)}
                data-testid="booking-start-date"
              />
              <TextInput
                type="date"
                label={t('fields.lastDay')}
                value={draft.endDate}
                min={draft.startDate || undefined}
                error={message('endDate')}
                onChange={(event) => set('endDate', event.currentTarget.value)}
                data-testid="booking-end-date"
              />
            </SimpleGrid>
          ) : (
            <>
              <TimeWithZone
                label={t(labels.start)}
                zoneLabel={t('fields.zoneOf', { what: t(labels.start) })}
                value={draft.startAt}
                zone={draft.startZone}
                zones={zones}
                error={message('startAt')}
                zoneError={message('startZone')}
                onChange={(value) => set('startAt', value)}
                onZone={(zone) => set('startZone', zone)}
                testId="booking-start"
              />
              <TimeWithZone
                label={t(labels.end)}
                zoneLabel={t('fields.zoneOf', { what: t(labels.end) })}
                value={draft.endAt}
                zone={draft.endZone}
                zones={zones}
                error={message('endAt')}
                zoneError={message('endZone')}
                onChange={(value) => set('endAt', value)}
                onZone={(zone) => set('endZone', zone)}
                testId="booking-end"
              />
            </>
          )}
          <TextInput
            label={t('fields.code')}
            description={t('fields.codeHint')}
            maxLength={BOOKING_LIMITS.confirmationCode}
            value={draft.confirmationCode}
            error={message('confirmationCode')}
            autoComplete="off"
            onChange={(event) => set('confirmationCode', event.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AmountInput
              label={t('fields.cost')}
              currency={draft.currency}
              value={draft.cost}
              problem={typeof errors.cost === 'object' ? errors.cost.problem : null}
              error={typeof errors.cost === 'string' ? t(errors.cost) : null}
              onChange={(value) => set('cost', value)}
            />
            <Select
              label={t('fields.currency')}
              data={currencies}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('fields.currencyClear') }}
              nothingFoundMessage={t('fields.currencyNone')}
              value={draft.currency}
              error={message('currency')}
              onChange={(value) => set('currency', value)}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <TextInput
            type="url"
            label={t('fields.url')}
            placeholder="https://"
            value={draft.url}
            error={message('url')}
            onChange={(event) => set('url', event.currentTarget.value)}
          />
          <Textarea
            label={t('fields.notes')}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={BOOKING_LIMITS.notes}
            value={draft.notes}
            error={message('notes')}
            onChange={(event) => set('notes', event.currentTarget.value)}
          />
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
