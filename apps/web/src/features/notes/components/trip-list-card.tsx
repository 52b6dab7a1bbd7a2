import type { ListItem, TripList } from '@jammy/shared/itineraries';
import { byPosition } from '@jammy/shared/positions';
import {
  ActionIcon,
  Group,
  Menu,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChecklist, IconDots, IconLuggage, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useStepOrder } from '../../../lib/step-order';
import { AddItemForm } from './add-item-form';
import { ListFailureNotice } from './list-failure-notice';
import { ListItemRow } from './list-item-row';
import { RenameListForm } from './rename-list-form';
import { useListActions } from './use-list-actions';
import classes from './notes.module.css';

/**
 * One packing list or to-do list: its progress, its items to tick, reorder (with buttons, so
 * by keyboard too) and delete, and a field that adds items (Enter adds and stays there).
 */
export function TripListCard({
  itineraryId,
  list,
  canEdit,
  onDelete,
}: {
  itineraryId: string;
  list: TripList;
  canEdit: boolean;
  onDelete: (list: TripList) => void;
}) {
  const { t } = useTranslation('notes');
  const actions = useListActions(itineraryId, list);
  const items = useMemo(() => [...list.items].sort(byPosition), [list.items]);
  const [renaming, setRenaming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const card = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const addInput = useRef<HTMLInputElement>(null);
  // After a move, the same button keeps the keyboard (or its twin once at the top or bottom).
  const pendingFocus = useRef<{ itemId: string; from: number; selectors: string[] } | null>(null);
  const titleId = useId();
  const done = items.filter(actions.isChecked).length;
  const Icon = list.kind === 'packing' ? IconLuggage : IconChecklist;
  const saved = !list.id.startsWith('temp-');
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const stepOf = useStepOrder(ids);

  // Before paint, in the commit that moved the row, so the next key press finds the button.
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    if (items.findIndex((item) => item.id === pending.itemId) === pending.from) return;
    pendingFocus.current = null;
    for (const selector of pending.selectors) {
      const target = card.current?.querySelector<HTMLButtonElement>(selector);
      if (target && !target.disabled) {
        target.focus();
        return;
      }
    }
  }, [items]);

  function move(item: ListItem, direction: 'up' | 'down') {
    const moved = stepOf(item.id, direction);
    if (!moved) return;
    const other = direction === 'up' ? 'down' : 'up';
    pendingFocus.current = {
      itemId: item.id,
      from: moved.from,
      selectors: [`[data-move="${item.id}-${direction}"]`, `[data-move="${item.id}-${other}"]`],
    };
    setAnnouncement(
      t('lists.moved', { item: item.text, position: moved.to + 1, count: moved.total }),
    );
    void actions.moveItem(item, moved.afterId);
  }

  function remove(index: number) {
    const item = items[index];
    if (!item) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    setAnnouncement(t('lists.deleted', { item: item.text }));
    void actions.deleteItem(item);
    requestAnimationFrame(() => {
      const target = neighbour
        ? document.getElementById(`item-${list.id}-${neighbour.id}`)
        : addInput.current;
      target?.focus();
    });
  }

  return (
    <Paper
      component="article"
      ref={card}
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="md"
      data-list-id={list.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          {renaming ? (
            <RenameListForm
              initial={list.title}
              onSave={(title) => {
                setRenaming(false);
                if (title !== list.title) void actions.renameList(title);
                requestAnimationFrame(() => menuButton.current?.focus());
              }}
              onCancel={() => {
                setRenaming(false);
                requestAnimationFrame(() => menuButton.current?.focus());
              }}
            />
          ) : (
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <span className={classes.listIcon} data-kind={list.kind}>
                <Icon size={20} aria-hidden />
              </span>
              <div style={{ minWidth: 0 }}>
                <Title order={3} size="h4" id={titleId} className={classes.noteTitle}>
                  <bdi>{list.title}</bdi>
                </Title>
                <Text size="xs" fw={700} c={list.kind === 'packing' ? 'ink.8' : 'teal.9'}>
                  {t(`lists.kinds.${list.kind}`)}
                </Text>
              </div>
            </Group>
          )}
          {canEdit && !renaming && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  ref={menuButton}
                  variant="subtle"
                  color="gray.8"
                  aria-label={t('lists.actions', { title: list.title })}
                  disabled={!saved}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setRenaming(true)}
                >
                  {t('lists.rename')}
                </Menu.Item>
                <Menu.Item
                  color="red.8"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => onDelete(list)}
                >
                  {t('lists.deleteList')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>

        {items.length > 0 && (
          <div>
            <Text size="sm" fw={600} c="gray.8" mb={4}>
              {t(`lists.progress.${list.kind}`, { done, count: items.length })}
            </Text>
            <Progress
              value={(done / items.length) * 100}
              color={done === items.length ? 'teal.8' : 'jam.8'}
              size="sm"
              radius="xl"
              aria-hidden
            />
          </div>
        )}

        <ListFailureNotice actions={actions} />

        {items.length === 0 ? (
          <Text size="sm" c="gray.8">
            {canEdit ? t(`lists.emptyItems.${list.kind}`) : t('lists.emptyItemsViewer')}
          </Text>
        ) : (
          <ul className={classes.items}>
            {items.map((item, index) => (
              <ListItemRow
                key={item.id}
                item={item}
                checked={actions.isChecked(item)}
                listId={list.id}
                canEdit={canEdit}
                first={index === 0}
                last={index === items.length - 1}
                onToggle={(checked) => void actions.toggle(item, checked)}
                onMove={(direction) => move(item, direction)}
                onDelete={() => remove(index)}
              />
            ))}
          </ul>
        )}

        {canEdit && saved && (
          <AddItemForm
            ref={addInput}
            listTitle={list.title}
            onAdd={(text) => {
              setAnnouncement(t('lists.added', { item: text }));
              void actions.addItem(text);
            }}
          />
        )}
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      </Stack>
    </Paper>
  );
}
