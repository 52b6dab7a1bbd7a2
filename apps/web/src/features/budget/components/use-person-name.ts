import { useTranslation } from 'react-i18next';
import type { Person } from '../lib/expense-draft';

/** A person's name in the expense form; someone whose account is deleted has none: a former member. */
export function usePersonName() {
  const { t } = useTranslation('budget');
  return (person: Person) => person.name || t('settle.someone');
}
