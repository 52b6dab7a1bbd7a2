import { createListSchema, type TripList } from '@jammy/shared/itineraries';
import { LIST_KINDS } from '@jammy/shared/itinerary-limits';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useCreateList, useDeleteList, useTripLists } from '../api/trip-lists';
import { hasFields, problemOf, type Problem } from '../lib/problem';
import { ConfirmDelete } from './confirm-delete';
import { ProblemNotice } from './problem-notice';
import { TripListCard } from './trip-list-card';
import classes from './notes.module.css';

type Kind = (typeof LIST_KINDS)[number];

function isKind(value: string): value is Kind {
  return (LIST_KINDS as readonly string[]).includes(value);
}

/** Packing lists and to-dos: a form to start one, then each list with its items. */
export function ListsPanel({ itineraryId, canEdit }: { itineraryId: string; canEdit: boolean }) {
  const { t } = useTranslation('notes');
  const lists = useTripLists(itineraryId);
  const create = useCreateList(itineraryId);
  const remove = useDeleteList(itineraryId);
  const [problem, setProblem] = useState<{ problem: Problem; retry: () => void } | null>(null);
  const [confirming, setConfirming] = useState<TripList | null>(null);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const kindLabel = useId();
  const items = lists.data?.items ?? [];
  const form = useForm({
    ns: 'notes',
    messages: { title: { required: 'lists.titleRequired', tooLong: 'lists.titleTooLong' } },
    initialValues: { title: '', kind: 'packing' as Kind },
    schema: createListSchema,
    submit: async (body, values) => {
      // The list shows at once: the form closes and empties for the next one right away, and
      // opens again with the name typed only if saving fails (and nothing new was typed since).
      setCreating(false);
      form.setValue('title', '');
      try {
        const list = await create.mutateAsync(body);
        // Offline the list waits in the outbox: no id to focus yet.
        if (list) focusWhenShown(`[data-list-id="${list.id}"] form input`);
      } catch (error) {
        form.setValues((current) => (current.title === '' ? values : current));
        flushSync(() => setCreating(true));
        throw error;
      }
    },
  });
  const kind = form.values.kind;

  function deleteList(list: TripList, version: number) {
    const index = items.findIndex((item) => item.id === list.id);
    const neighbour = items[index + 1] ?? items[index - 1];
    setConfirming(null);
    setProblem(null);
    requestAnimationFrame(() => {
      const target = neighbour
        ? document.querySelector<HTMLElement>(`[data-list-id="${neighbour.id}"] h3`)
        : newButton.current;
      if (target instanceof HTMLHeadingElement) target.tabIndex = -1;
      target?.focus();
    });
    const send = (at: number) =>
      remove.mutate(
        { listId: list.id, version: at },
        {
          onError: (error) => {
            const found = problemOf(error);
            const current = found.current;
            setProblem({
              problem: found,
              retry: () => send(hasFields(current) ? current.version : at),
            });
          },
        },
      );
    send(version);
  }

  return (
    <section aria-labelledby="lists-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <IconListCheck size={22} aria-hidden className={classes.sectionIcon} />
            <Title order={2} size="h3" id="lists-title">
              {t('lists.title')}
            </Title>
          </Group>
          {canEdit && !creating && (
            <Button
              ref={newButton}
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('lists.new')}
            </Button>
          )}
        </Group>

        {canEdit && creating && (
          <Paper withBorder radius="lg" p="md" shadow="xs">
            <form {...form.formProps} aria-label={t('lists.newLegend')}>
              <Stack gap="sm">
                <TextInput
                  {...form.field('title')}
                  autoFocus
                  label={t('lists.name')}
                  placeholder={t(`lists.namePlaceholder.${kind}`)}
                  dir="auto"
                />
                <div>
                  <Text id={kindLabel} size="sm" fw={500} mb={4}>
                    {t('lists.kind')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={kindLabel}
                    value={kind}
                    onChange={(value) => isKind(value) && form.setValue('kind', value)}
                    data={LIST_KINDS.map((value) => ({ value, label: t(`lists.kinds.${value}`) }))}
                    fullWidth
                  />
                </div>
                {form.failure !== null && <ProblemAlert error={form.failure} />}
                <SubmitBar
                  label={t('lists.create')}
                  submitting={form.submitting}
                  size="sm"
                  cancel={{
                    label: t('editor.cancel'),
                    onClick: () => {
                      setCreating(false);
                      form.clearError('title');
                      form.setFailure(null);
                      requestAnimationFrame(() => newButton.current?.focus());
                    },
                  }}
                />
              </Stack>
            </form>
          </Paper>
        )}

        {problem && (
          <ProblemNotice
            problem={problem.problem}
            subject="list"
            reapplyLabel={t('lists.deleteAnyway')}
            onReapply={problem.retry}
            onDismiss={() => setProblem(null)}
          />
        )}

        {lists.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('lists.loading')}>
            <Skeleton height={140} radius="lg" />
            <Skeleton height={100} radius="lg" />
          </Stack>
        ) : lists.isError && !lists.data ? (
          <ProblemNotice
            problem={problemOf(lists.error)}
            subject="list"
            onReapply={() => void lists.refetch()}
            onDismiss={() => void lists.refetch()}
          />
        ) : items.length === 0 && !creating ? (
          <Paper withBorder radius="lg" p="xl" className={classes.empty}>
            <Stack align="center" gap="sm" ta="center">
              <IconListCheck size={40} aria-hidden className={classes.emptyIcon} />
              <Text fw={700}>{t('lists.emptyTitle')}</Text>
              <Text size="sm" c="gray.8" maw={360}>
                {canEdit ? t('lists.emptyText') : t('lists.emptyViewer')}
              </Text>
              {canEdit && (
                <Button variant="light" onClick={() => setCreating(true)}>
                  {t('lists.startFirst')}
                </Button>
              )}
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md">
            {items.map((list) => (
              <TripListCard
                key={list.id}
                itineraryId={itineraryId}
                list={list}
                canEdit={canEdit}
                onDelete={setConfirming}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDelete
        opened={confirming !== null}
        title={t('lists.confirmTitle')}
        message={t('lists.confirmText', {
          title: confirming?.title ?? '',
          count: confirming?.items.length ?? 0,
        })}
        onConfirm={() => confirming && deleteList(confirming, confirming.version)}
        onCancel={() => {
          const list = confirming;
          setConfirming(null);
          if (list) {
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[data-list-id="${list.id}"] [aria-haspopup]`)
                ?.focus(),
            );
          }
        }}
      />
    </section>
  );
}

/** Focuses what `selector` names as soon as React has rendered it (within ~30 frames). */
function focusWhenShown(selector: string, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(selector);
    if (target) target.focus();
    else if (framesLeft > 0) focusWhenShown(selector, framesLeft - 1);
  });
}
