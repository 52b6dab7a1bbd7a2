import type { Booking } from '@jammy/shared/bookings';
import { useTranslation } from '../../../i18n/react';
import { readAmount } from '../../../components/form/amount-field';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { formatShortDate, formatWallTime, zoneLabel } from '../lib/booking-time';
import { draftOf, fieldsOf, type BookingDraft } from '../lib/booking-draft';

/**
 * Someone else saved the booking while this form was open (409): the kit's conflict panel with
 * their values beside the traveller's, field by field, times and costs as people read them.
 */
export function BookingConflict({
  theirs,
  mine,
  zone,
  stages,
  saving,
  onUseTheirs,
  onKeepMine,
}: {
  theirs: Booking;
  mine: BookingDraft;
  /** The trip's zone, which a booking without one is read in. */
  zone: string;
  stages: { value: string; label: string }[];
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();

  const time = (at: string, atZone: string | null) =>
    at
      ? `${formatShortDate(at, language)} ${formatWallTime(at, language)}, ${zoneLabel(atZone ?? zone, at, language)}`
      : '';
  const day = (date: string) => (date ? formatShortDate(date, language) : '');
  const cost = (draft: BookingDraft) => {
    const read = draft.currency ? readAmount(draft.cost, draft.currency, language) : null;
    return read?.ok && draft.currency
      ? formatMinorUnits(read.minor, draft.currency, language)
      : draft.cost;
  };
  /** The draft as the reader should see it, by field label; what its kind does not ask for is left empty. */
  const describe = (draft: BookingDraft): Record<string, string> => {
    const shown = fieldsOf(draft.kind);
    return {
      [t('fields.kind')]: t(`kinds.${draft.kind}`),
      [t('fields.title')]: draft.title,
      [t('fields.stage')]: stages.find((stage) => stage.value === draft.stageId)?.label ?? '',
      [t('fields.carrier')]: shown.carrier ? draft.carrier : '',
      [t('fields.number')]: shown.transport ? draft.number : '',
      [t('fields.from')]: shown.transport ? draft.from.name : '',
      [t('fields.to')]: shown.transport ? draft.to.name : '',
      [t('fields.start')]: draft.allDay
        ? day(draft.startDate)
        : time(draft.startAt, draft.startZone),
      [t('fields.end')]: draft.allDay ? day(draft.endDate) : time(draft.endAt, draft.endZone),
      [t('fields.code')]: draft.confirmationCode,
      [t('fields.address')]: shown.address ? draft.address : '',
      [t('fields.cost')]: cost(draft),
      [t('fields.url')]: draft.url,
      [t('fields.notes')]: draft.notes,
    };
  };

  const their = describe(draftOf(theirs, zone, language));
  const my = describe(mine);
  return (
    <ConflictPanel
      title={t('conflict.title')}
      text={t('conflict.text')}
      keepMineLabel={t('conflict.saveMine')}
      rows={Object.entries(their).map(([label, value]) => ({
        label,
        theirs: value,
        mine: my[label] ?? '',
      }))}
      saving={saving}
      onUseTheirs={onUseTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
