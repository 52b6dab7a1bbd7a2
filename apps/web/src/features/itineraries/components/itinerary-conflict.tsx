import type { Itinerary } from '@jammy/shared/itineraries';
import { useTranslation } from '../../../i18n/react';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { valuesOf, type ItineraryField, type ItineraryFormValues } from './itinerary-form-values';

const LABELS: Record<ItineraryField, string> = {
  title: 'form.title',
  description: 'form.description',
  startDate: 'form.startDate',
  endDate: 'form.endDate',
  coverUrl: 'form.coverUrl',
  currency: 'form.currency',
};

/**
 * Someone else saved the itinerary while this form was open (409): the kit's conflict panel
 * with their values beside the traveller's, dates written in the page's language.
 */
export function ItineraryConflict({
  theirs,
  mine,
  saving,
  onUseTheirs,
  onKeepMine,
}: {
  theirs: Itinerary;
  mine: ItineraryFormValues;
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const their = valuesOf(theirs);
  const show = (field: ItineraryField, value: string) =>
    value.trim() && (field === 'startDate' || field === 'endDate')
      ? (formatDateRange(value, null, language) ?? value)
      : value;
  return (
    <ConflictPanel
      title={t('conflict.title')}
      text={t('conflict.text')}
      sameText={t('conflict.sameText')}
      keepMineLabel={t('conflict.keepMine')}
      rows={(Object.keys(LABELS) as ItineraryField[]).map((field) => ({
        label: t(LABELS[field]),
        theirs: show(field, their[field]),
        mine: show(field, mine[field]),
      }))}
      saving={saving}
      onUseTheirs={onUseTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
