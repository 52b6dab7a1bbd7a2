import type { Stage } from '@jammy/shared/itineraries';
import { useTranslation } from '../../../i18n/react';
import { readAmount } from '../../../components/form/amount-field';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, formatMinorUnits } from '../../../lib/format';
import type { Draft, Person } from '../lib/expense-draft';
import { usePersonName } from './use-person-name';

/**
 * Someone else saved the expense while this form was open (409): the kit's conflict panel with
 * their values beside the traveller's, field by field, amounts as money and the split in words.
 */
export function ExpenseConflict({
  theirs,
  mine,
  tripCurrency,
  people,
  stages,
  saving,
  onUseTheirs,
  onKeepMine,
}: {
  /** Their expense, as the form would hold it. */
  theirs: Draft;
  mine: Draft;
  tripCurrency: string;
  people: Person[];
  stages: Stage[];
  saving: boolean;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const nameOf = usePersonName();

  const money = (typed: string, currency: string) => {
    const amount = readAmount(typed, currency, language);
    return amount.ok ? formatMinorUnits(amount.minor, currency, language) : typed;
  };
  const named = (id: string) => {
    const person = people.find((each) => each.userId === id);
    return person ? nameOf(person) : t('settle.someone');
  };
  /** Who shares it and how: "Equally: Ana, Ben", "By shares: Ana 2, Ben 1"… */
  const split = (draft: Draft) => {
    const parts = people.flatMap((person) => {
      const id = person.userId;
      if (draft.mode === 'equal') return draft.included[id] ? [named(id)] : [];
      const part = draft.mode === 'shares' ? draft.shares[id] : draft.amounts[id];
      if (!part?.trim()) return [];
      return [`${named(id)} ${draft.mode === 'shares' ? part : money(part, draft.currency)}`];
    });
    return `${t(`form.${draft.mode}`)}: ${parts.join(', ')}`;
  };
  const rows: { label: string; show: (draft: Draft) => string }[] = [
    { label: t('form.title'), show: (draft) => draft.title },
    { label: t('form.amount'), show: (draft) => money(draft.amount, draft.currency) },
    {
      label: t('form.rate', { from: mine.currency, to: tripCurrency }),
      show: (draft) => (draft.currency === tripCurrency ? '' : draft.rate),
    },
    { label: t('form.date'), show: (draft) => formatDateRange(draft.date, null, language) ?? '' },
    { label: t('form.category'), show: (draft) => t(`categories.${draft.category}`) },
    { label: t('form.paidBy'), show: (draft) => named(draft.paidBy) },
    {
      label: t('form.stage'),
      show: (draft) => stages.find((stage) => stage.id === draft.stageId)?.title ?? '',
    },
    { label: t('form.split'), show: split },
  ];

  return (
    <ConflictPanel
      title={t('conflict.title')}
      text={t('conflict.expense')}
      keepMineLabel={t('conflict.saveMine')}
      rows={rows.map(({ label, show }) => ({ label, theirs: show(theirs), mine: show(mine) }))}
      saving={saving}
      onUseTheirs={onUseTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
