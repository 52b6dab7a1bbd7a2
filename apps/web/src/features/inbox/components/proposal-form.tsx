import { BOOKING_KINDS, BOOKING_LIMITS } from '@jammy/shared/bookings';
import { proposalEditSchema, type InboxItem, type ProposalEdit } from '@jammy/shared/inbox';
import { Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConflictAlert } from '../../../components/form/conflict-panel';
import { DateField } from '../../../components/form/date-field';
import { DateTimeZoneField } from '../../../components/form/date-time-zone-field';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useChangeItem } from '../api/inbox';

type Proposal = InboxItem['proposals'][number];

/** What the form holds: text as typed, empty where nothing was found. */
function valuesOf(proposal: Proposal) {
  const { values } = proposal;
  return {
    kind: proposal.kind,
    title: values.title ?? '',
    fromName: values.fromName ?? '',
    toName: values.toName ?? '',
    startAt: values.startAt ?? '',
    startZone: values.startZone,
    endAt: values.endAt ?? '',
    endZone: values.endZone,
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    confirmationCode: values.confirmationCode ?? '',
  };
}
type Values = ReturnType<typeof valuesOf>;

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The proposal's corrected fields as the API takes them (empty: none). */
function bodyOf(values: Values, allDay: boolean): ProposalEdit {
  const times = allDay
    ? {
        startAt: null,
        endAt: null,
        startDate: orNull(values.startDate),
        endDate: orNull(values.endDate),
      }
    : {
        startAt: orNull(values.startAt),
        startZone: values.startZone || null,
        endAt: orNull(values.endAt),
        endZone: values.endZone || null,
        startDate: null,
        endDate: null,
      };
  return {
    kind: values.kind,
    title: values.title,
    fromName: orNull(values.fromName),
    toName: orNull(values.toName),
    confirmationCode: orNull(values.confirmationCode),
    ...times,
  };
}

/**
 * Corrects one booking of an item before it is accepted (the form kit, over the shared
 * schema of a proposal's fields): what the traveller changes is then shown as edited.
 */
export function ProposalForm({
  item,
  index,
  proposal,
  onDone,
}: {
  item: InboxItem;
  index: number;
  proposal: Proposal;
  onDone: () => void;
}) {
  const { t } = useTranslation(['inbox', 'bookings']);
  const titleId = useId();
  const change = useChangeItem();
  // A booking found with days keeps days; one with times (or none) is edited with times.
  const allDay = !proposal.values.startAt && !!proposal.values.startDate;
  const form = useForm({
    ns: 'inbox',
    initialValues: valuesOf(proposal),
    version: item.version,
    schema: proposalEditSchema,
    toBody: (values) => bodyOf(values, allDay),
    submit: async (body) => {
      const proposals = item.proposals.map((other, at) =>
        at === index ? body : { kind: other.kind },
      );
      await change.mutateAsync({ id: item.id, body: { proposals, version: form.version() } });
      onDone();
    },
  });
  return (
    <form {...form.formProps} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          {t('edit.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            {...form.field('kind')}
            label={t('field.kind')}
            data={BOOKING_KINDS.map((kind) => ({
              value: kind,
              label: t(`bookings:kinds.${kind}`),
            }))}
            allowDeselect={false}
            onChange={(next) => next && form.setValue('kind', next as Values['kind'])}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            {...form.field('title')}
            label={t('field.title')}
            maxLength={BOOKING_LIMITS.title}
            required
          />
          <TextInput
            {...form.field('fromName')}
            label={t('field.fromName')}
            maxLength={BOOKING_LIMITS.placeName}
          />
          <TextInput
            {...form.field('toName')}
            label={t('field.toName')}
            maxLength={BOOKING_LIMITS.placeName}
          />
        </SimpleGrid>
        {allDay ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField {...form.field('startDate')} label={t('field.startDate')} />
            <DateField {...form.field('endDate')} label={t('field.endDate')} />
          </SimpleGrid>
        ) : (
          <>
            <DateTimeZoneField
              label={t('field.startAt')}
              at={form.field('startAt')}
              zone={form.field('startZone')}
            />
            <DateTimeZoneField
              label={t('field.endAt')}
              at={form.field('endAt')}
              zone={form.field('endZone')}
            />
          </>
        )}
        <TextInput
          {...form.field('confirmationCode')}
          label={t('field.confirmationCode')}
          maxLength={BOOKING_LIMITS.confirmationCode}
        />
        {form.conflict ? (
          <ConflictAlert title={t('edit.conflictTitle')}>
            <Text size="sm">{t('edit.conflictText')}</Text>
          </ConflictAlert>
        ) : null}
        {form.failure ? <ProblemAlert error={form.failure} /> : null}
        <SubmitBar
          label={t('edit.save')}
          submitting={form.submitting}
          cancel={{ label: t('edit.cancel'), onClick: onDone }}
        />
      </Stack>
    </form>
  );
}
