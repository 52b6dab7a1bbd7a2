import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  createBudgetLineSchema,
  type BudgetCategory,
  type BudgetLine,
} from '@jammy/shared/budget';
import { formatAmountInput } from '@jammy/shared/amount';
import type { Stage } from '@jammy/shared/itineraries';
import { ActionIcon, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  AmountInput,
  minorUnitsOf,
  readAmount,
  useAmountMessage,
} from '../../../components/form/amount-field';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { useAddBudgetLine, useDeleteBudgetLine, useUpdateBudgetLine } from '../api/budget';
import { StageSelect } from './stage-select';

/** A planned amount as its form holds it (a type, as the form kit's values are). */
type LineDraft = {
  category: BudgetCategory;
  stageId: string;
  /** As typed in the UI language. */
  amount: string;
  label: string;
};

const emptyDraft: LineDraft = { category: 'accommodation', stageId: '', amount: '', label: '' };

function draftOf(line: BudgetLine, currency: string, language: string): LineDraft {
  return {
    category: line.category,
    stageId: line.stageId ?? '',
    amount: formatAmountInput(line.amountMinor, currency, language),
    label: line.label,
  };
}

/** What a planned amount is for: its category, its stage and its label, when it has them. */
function useDescribe(stages: Stage[]) {
  const { t } = useTranslation('budget');
  return (line: Pick<BudgetLine, 'category' | 'stageId' | 'label'>) =>
    [
      t(`categories.${line.category}`),
      stages.find((stage) => stage.id === line.stageId)?.title,
      line.label,
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * The fields of a planned amount (category, stage, amount, label): the form that adds one,
 * and the one that changes one in place. A change is written at the version it was read at;
 * if someone saved the line meanwhile (409) their version is shown beside mine.
 */
function LineForm({
  itineraryId,
  currency,
  stages,
  line,
  onDone,
}: {
  itineraryId: string;
  currency: string;
  stages: Stage[];
  /** null: a new planned amount. */
  line: BudgetLine | null;
  onDone?: () => void;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const describe = useDescribe(stages);
  const amountMessage = useAmountMessage();
  const add = useAddBudgetLine(itineraryId);
  const update = useUpdateBudgetLine(itineraryId);
  const amountLabel = t('planned.amount', { currency });
  const form = useForm({
    ns: 'budget',
    messages: { amount: { invalid: 'errors.amount' } },
    fieldsOfBody: { amountMinor: 'amount' },
    initialValues: line ? draftOf(line, currency, language) : emptyDraft,
    version: line?.version,
    unreadable: (draft) => {
      const amount = readAmount(draft.amount, currency, language, { positive: true });
      return amount.ok
        ? {}
        : { amount: amountMessage(amount.problem, amountLabel, currency, draft.amount) };
    },
    // A change sends the line whole, so it is checked as a new line is.
    schema: createBudgetLineSchema,
    toBody: (draft) => ({
      category: draft.category,
      amountMinor: minorUnitsOf(draft.amount, currency, language, { positive: true }),
      stageId: draft.stageId || null,
      label: draft.label.trim(),
    }),
    submit: async (body) => {
      if (line) {
        await update.mutateAsync({ id: line.id, body: { ...body, version: form.version() } });
        onDone?.();
      } else {
        await add.mutateAsync(body);
        form.setValues(emptyDraft);
      }
    },
  });
  const theirs = form.conflict as BudgetLine | null;
  const prefix = line ? `line-${line.id}` : 'line-new';
  const first = useRef<HTMLSelectElement>(null);
  // A line opened for a change takes the focus to its first field.
  useEffect(() => {
    if (line) first.current?.focus();
  }, [line]);
  const category = form.field('category');
  /** The line as the conflict panel shows it: the amount as money when it reads. */
  const shown = (draft: LineDraft) => {
    const amount = readAmount(draft.amount, currency, language);
    return {
      [t('form.category')]: t(`categories.${draft.category}`),
      [t('form.stage')]: stages.find((stage) => stage.id === draft.stageId)?.title ?? '',
      [amountLabel]: amount.ok ? formatMinorUnits(amount.minor, currency, language) : draft.amount,
      [t('planned.label')]: draft.label,
    };
  };

  return (
    <form
      {...form.formProps}
      aria-label={line ? t('planned.editTitle', { line: describe(line) }) : t('planned.addTitle')}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            {...category}
            id={`${prefix}-category`}
            label={t('form.category')}
            onChange={(event) => {
              const next = BUDGET_CATEGORIES.find((value) => value === event.currentTarget.value);
              if (next) category.onChange(next);
            }}
            data={BUDGET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            style={{ flex: '1 1 9rem' }}
            ref={first}
          />
          <AmountInput
            {...form.field('amount')}
            id={`${prefix}-amount`}
            label={amountLabel}
            currency={currency}
            style={{ flex: '1 1 7rem' }}
          />
          {stages.length > 0 && (
            <StageSelect
              {...form.field('stageId')}
              id={`${prefix}-stage`}
              stages={stages}
              style={{ flex: '1 1 9rem' }}
            />
          )}
          <TextInput
            {...form.field('label')}
            id={`${prefix}-label`}
            label={t('planned.label')}
            maxLength={BUDGET_LIMITS.label}
            style={{ flex: '1 1 9rem' }}
          />
        </Group>
        {theirs && (
          <ConflictPanel
            title={t('conflict.title')}
            text={t('conflict.line', {
              line: describe(theirs),
              amount: formatMinorUnits(theirs.amountMinor, currency, language),
            })}
            keepMineLabel={t('conflict.saveMine')}
            rows={Object.entries(shown(draftOf(theirs, currency, language))).map(
              ([label, value]) => ({ label, theirs: value, mine: shown(form.values)[label] ?? '' }),
            )}
            saving={form.submitting}
            onUseTheirs={() => form.takeTheirs(draftOf(theirs, currency, language))}
            onKeepMine={form.keepMine}
          />
        )}
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={line ? t('planned.save') : t('planned.add')}
          size="sm"
          variant={line ? 'filled' : 'light'}
          submitting={form.submitting && !theirs}
          disabled={form.submitting && theirs !== null}
          cancel={line && onDone ? { label: t('form.cancel'), onClick: onDone } : undefined}
        />
      </Stack>
    </form>
  );
}

/**
 * The planned amounts per category (and stage), in the trip currency: a list whose lines
 * change in place, and a form that adds one.
 */
export function PlannedLines({
  itineraryId,
  lines,
  currency,
  stages,
  canEdit,
}: {
  itineraryId: string;
  lines: BudgetLine[];
  currency: string;
  stages: Stage[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('budget');
  const { language } = useLanguage();
  const describe = useDescribe(stages);
  const remove = useDeleteBudgetLine(itineraryId);
  const [editing, setEditing] = useState<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());

  // Back on the line's edit button once its form has closed, so the keyboard stays in place:
  // after the commit that shows the line again (and enables its button), not a frame later,
  // which a busy page can reach before that commit.
  const focusAfterClose = useRef<string | null>(null);
  const close = (id: string) => {
    focusAfterClose.current = id;
    setEditing(null);
  };
  useEffect(() => {
    if (editing !== null || focusAfterClose.current === null) return;
    editButtons.current.get(focusAfterClose.current)?.focus();
    focusAfterClose.current = null;
  }, [editing]);

  return (
    <Stack gap="md">
      {lines.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('planned.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((line) =>
            editing === line.id ? (
              <li key={line.id}>
                <LineForm
                  itineraryId={itineraryId}
                  currency={currency}
                  stages={stages}
                  line={line}
                  onDone={() => close(line.id)}
                />
              </li>
            ) : (
              <Group
                component="li"
                key={line.id}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="planned-line"
              >
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {describe(line)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMinorUnits(line.amountMinor, currency, language)}
                  </Text>
                  {canEdit && (
                    <>
                      <ActionIcon
                        variant="subtle"
                        color="ink"
                        size="lg"
                        ref={(element) => {
                          if (element) editButtons.current.set(line.id, element);
                          else editButtons.current.delete(line.id);
                        }}
                        aria-label={t('planned.edit', { line: describe(line) })}
                        disabled={editing !== null}
                        onClick={() => setEditing(line.id)}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        size="lg"
                        aria-label={t('planned.delete', { line: describe(line) })}
                        disabled={editing !== null}
                        onClick={() => remove.mutate({ id: line.id, version: line.version })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </>
                  )}
                </Group>
              </Group>
            ),
          )}
        </Stack>
      )}
      {canEdit && editing === null && (
        <LineForm itineraryId={itineraryId} currency={currency} stages={stages} line={null} />
      )}
    </Stack>
  );
}
