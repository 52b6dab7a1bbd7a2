import { SPLIT_MODES } from '@jammy/shared/budget';
import { Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../i18n/react';
import { AmountInput, readAmount } from '../../../components/form/amount-field';
import { NumberField } from '../../../components/form/number-field';
import type { Form } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import type { Draft, Person } from '../lib/expense-draft';
import { SHARES } from '../lib/expense-split';
import { usePersonName } from './use-person-name';

/**
 * How an expense is split: equally among those ticked, by whole shares, or by exact amounts,
 * one line per person; each person's shares or amount has its own message, the split as a
 * whole (nobody in it, amounts that do not add up) one under the list.
 */
export function ExpenseSplitFields({ form, people }: { form: Form<Draft>; people: Person[] }) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const nameOf = usePersonName();
  const sideBySide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  const draft = form.values;
  const mode = form.field('mode');
  const amount = readAmount(draft.amount, draft.currency, language);

  // What the exact amounts leave of the expense, counting those that read as amounts.
  const exactLeft = (() => {
    if (draft.mode !== 'exact' || !amount.ok) return null;
    let sum = 0;
    for (const value of Object.values(draft.amounts)) {
      const part = readAmount(value, draft.currency, language);
      if (part.ok) sum += part.minor;
    }
    return amount.minor - sum;
  })();

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={6}>
        {t('form.split')}
      </Text>
      <SegmentedControl
        fullWidth
        // Side by side the three ways cut their names short on a phone: stacked there.
        orientation={sideBySide ? 'horizontal' : 'vertical'}
        value={mode.value}
        onChange={(value) => {
          const next = SPLIT_MODES.find((candidate) => candidate === value);
          if (next) mode.onChange(next);
        }}
        data={[
          { value: 'equal', label: t('form.equal') },
          { value: 'shares', label: t('form.shares') },
          { value: 'exact', label: t('form.exact') },
        ]}
      />
      <Stack gap={6} mt="sm" data-field={mode['data-field']}>
        {people.map((person) => (
          <Group key={person.userId} justify="space-between" wrap="nowrap" gap="sm">
            {draft.mode === 'equal' ? (
              <Checkbox
                label={nameOf(person)}
                checked={draft.included[person.userId] ?? false}
                onChange={(event) =>
                  form.setValue('included', {
                    ...draft.included,
                    [person.userId]: event.currentTarget.checked,
                  })
                }
              />
            ) : (
              <>
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {nameOf(person)}
                </Text>
                {draft.mode === 'shares' ? (
                  <NumberField
                    w={120}
                    label={t('form.sharesOf', { name: nameOf(person) })}
                    aria-label={t('form.sharesOf', { name: nameOf(person) })}
                    format={SHARES}
                    example={2}
                    value={draft.shares[person.userId] ?? ''}
                    error={form.errorOf(`shares.${person.userId}`)}
                    data-field={`shares.${person.userId}`}
                    onChange={(value) =>
                      form.setValue('shares', { ...draft.shares, [person.userId]: value })
                    }
                  />
                ) : (
                  <AmountInput
                    w={150}
                    label={t('form.amountOf', { name: nameOf(person) })}
                    aria-label={t('form.amountOf', { name: nameOf(person) })}
                    currency={draft.currency}
                    value={draft.amounts[person.userId] ?? ''}
                    error={form.errorOf(`amounts.${person.userId}`)}
                    data-field={`amounts.${person.userId}`}
                    onChange={(value) =>
                      form.setValue('amounts', { ...draft.amounts, [person.userId]: value })
                    }
                  />
                )}
              </>
            )}
          </Group>
        ))}
      </Stack>
      {exactLeft !== null && (
        <Text size="sm" mt={6} c={exactLeft === 0 ? 'teal.9' : 'gray.8'} aria-live="polite">
          {t('form.exactLeft', {
            amount: formatMinorUnits(exactLeft, draft.currency, language),
          })}
        </Text>
      )}
      {mode.error && (
        <Text size="sm" c="red.8" mt={6} role="alert">
          {mode.error}
        </Text>
      )}
    </fieldset>
  );
}
