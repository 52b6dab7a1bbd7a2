import {
  BUDGET_CATEGORIES,
  BUDGET_LIMITS,
  type BudgetCategory,
  type BudgetLine,
} from '@jammy/shared/budget';
import { formatAmountInput } from '@jammy/shared/amount';
import type { Stage } from '@jammy/shared/itineraries';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountInput,
  readAmount,
  type AmountFieldProblem,
} from '../../../components/form/amount-field';
import { ConflictAlert } from '../../../components/form/conflict-panel';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatMinorUnits } from '../../../lib/format';
import { useAddBudgetLine, useDeleteBudgetLine, useUpdateBudgetLine } from '../api/budget';

interface LineDraft {
  category: BudgetCategory;
  stageId: string;
  /** As typed in the UI language. */
  amount: string;
  label: string;
}

const emptyDraft: LineDraft = { category: 'accommodation', stageId: '', amount: '', label: '' };

function draftOf(line: BudgetLine, currency: string, language: string): LineDraft {
  return {
    category: line.category,
    stageId: line.stageId ?? '',
    amount: formatAmountInput(line.amountMinor, currency, language),
    label: line.label,
  };
}

/** The row that a 409 carries: the planned amount as someone else saved it. */
function conflictLine(error: unknown): BudgetLine | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { current?: BudgetLine } | undefined;
  return details?.current ?? null;
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
 * if someone saved the line meanwhile (409) their version is shown beside the two ways out.
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
  const add = useAddBudgetLine(itineraryId);
  const update = useUpdateBudgetLine(itineraryId);
  const [draft, setDraft] = useState<LineDraft>(() =>
    line ? draftOf(line, currency, language) : emptyDraft,
  );
  const [version, setVersion] = useState(line?.version ?? 0);
  const [amountProblem, setAmountProblem] = useState<AmountFieldProblem | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<BudgetLine | null>(null);
  const prefix = line ? `line-${line.id}` : 'line-new';
  const first = useRef<HTMLSelectElement>(null);
  // A line opened for a change takes the focus to its first field.
  useEffect(() => {
    if (line) first.current?.focus();
  }, [line]);
  const set = <K extends keyof LineDraft>(key: K, value: LineDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const save = (atVersion: number) => {
    const amount = readAmount(draft.amount, currency, language, { positive: true });
    setAmountProblem(amount.ok ? null : amount.problem);
    setAmountError(undefined);
    if (!amount.ok) return;
    const minor = amount.minor;
    setFailure(null);
    const body = {
      category: draft.category,
      amountMinor: minor,
      stageId: draft.stageId || null,
      label: draft.label.trim(),
    };
    const onError = (error: unknown) => {
      const current = conflictLine(error);
      if (current) {
        setTheirs(current);
        return;
      }
      if (error instanceof ApiError && error.status === 404) setFailure(t('planned.gone'));
      else if (error instanceof ApiError && error.code === 'request/invalid') {
        setAmountError(t('errors.amount'));
      } else setFailure(t('errors.failed'));
    };
    if (line) {
      update.mutate(
        { id: line.id, body: { ...body, version: atVersion } },
        {
          onSuccess: () => {
            setTheirs(null);
            onDone?.();
          },
          onError,
        },
      );
    } else {
      add.mutate(body, { onSuccess: () => setDraft(emptyDraft), onError });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(version);
  };
  const pending = add.isPending || update.isPending;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={line ? t('planned.editTitle', { line: describe(line) }) : t('planned.addTitle')}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            id={`${prefix}-category`}
            label={t('form.category')}
            value={draft.category}
            onChange={(event) => set('category', event.currentTarget.value as BudgetCategory)}
            data={BUDGET_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            style={{ flex: '1 1 9rem' }}
            ref={first}
          />
          <AmountInput
            id={`${prefix}-amount`}
            label={t('planned.amount', { currency })}
            currency={currency}
            value={draft.amount}
            problem={amountProblem}
            error={amountError}
            onChange={(value) => set('amount', value)}
            style={{ flex: '1 1 7rem' }}
          />
          {stages.length > 0 && (
            <NativeSelect
              id={`${prefix}-stage`}
              label={t('form.stage')}
              value={draft.stageId}
              onChange={(event) => set('stageId', event.currentTarget.value)}
              data={[
                { value: '', label: t('form.noStage') },
                ...stages.map((stage) => ({ value: stage.id, label: stage.title })),
              ]}
              style={{ flex: '1 1 9rem' }}
            />
          )}
          <TextInput
            id={`${prefix}-label`}
            label={t('planned.label')}
            maxLength={BUDGET_LIMITS.label}
            value={draft.label}
            onChange={(event) => set('label', event.currentTarget.value)}
            style={{ flex: '1 1 9rem' }}
          />
        </Group>
        {theirs && (
          <ConflictAlert title={t('planned.conflict.title')}>
            <Stack gap="sm">
              <Text size="sm">
                {t('planned.conflict.text', {
                  line: describe(theirs),
                  amount: formatMinorUnits(theirs.amountMinor, currency, language),
                })}
              </Text>
              <Group gap="sm">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setDraft(draftOf(theirs, currency, language));
                    setVersion(theirs.version);
                    setTheirs(null);
                  }}
                >
                  {t('planned.conflict.useTheirs')}
                </Button>
                <Button
                  size="xs"
                  color="ink"
                  loading={update.isPending}
                  onClick={() => {
                    setVersion(theirs.version);
                    save(theirs.version);
                  }}
                >
                  {t('planned.conflict.saveMine')}
                </Button>
              </Group>
            </Stack>
          </ConflictAlert>
        )}
        {failure && (
          <Text size="sm" c="red.8" role="alert">
            {failure}
          </Text>
        )}
        <Group gap="sm" justify="flex-end">
          {line && (
            <Button variant="default" onClick={onDone}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" variant={line ? 'filled' : 'light'} loading={pending && !theirs}>
            {line ? t('planned.save') : t('planned.add')}
          </Button>
        </Group>
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
