import { useTranslation } from '../../../i18n/react';
import type { Person } from '../lib/expense-draft';

/** A person's name in the expense form; someone whose account is deleted has none: a former member. */
export function usePersonName() {
  const { t } = useTranslation('budget');
  return (person: Person) => person.name || t('settle.someone');
}
