import type { ListItem } from '@jammy/shared/itineraries';
import { ActionIcon, Checkbox, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import classes from './notes.module.css';

/**
 * One item of a list: a checkbox with the item as its label and, for editors, buttons to
 * move it up or down (the keyboard way to reorder) and to delete it.
 */
export function ListItemRow({
  item,
  checked,
  listId,
  canEdit,
  first,
  last,
  onToggle,
  onMove,
  onDelete,
}: {
  item: ListItem;
  /** Shown ticked (may run ahead of `item.checked` while the change is sent). */
  checked: boolean;
  listId: string;
  canEdit: boolean;
  first: boolean;
  last: boolean;
  onToggle: (checked: boolean) => void;
  onMove: (direction: 'up' | 'down') => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('notes');
  const saved = !item.id.startsWith('temp-');
  return (
    <li className={classes.item} data-checked={checked || undefined}>
      <Checkbox
        id={`item-${listId}-${item.id}`}
        data-item={item.id}
        checked={checked}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        disabled={!canEdit || !saved}
        label={<span dir="auto">{item.text}</span>}
        classNames={{ root: classes.itemCheck, label: classes.itemLabel }}
        color="teal.8"
      />
      {canEdit && (
        <Group gap={0} wrap="nowrap" className={classes.itemActions}>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="md"
            data-move={`${item.id}-up`}
            aria-label={t('lists.moveUp', { item: item.text })}
            disabled={first || !saved}
            onClick={() => onMove('up')}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="md"
            data-move={`${item.id}-down`}
            aria-label={t('lists.moveDown', { item: item.text })}
            disabled={last || !saved}
            onClick={() => onMove('down')}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.8"
            size="md"
            aria-label={t('lists.deleteItem', { item: item.text })}
            disabled={!saved}
            onClick={onDelete}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </li>
  );
}
