import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** The field under a list: Enter adds the item, empties the field and leaves focus in it. */
export function AddItemForm({
  ref,
  listTitle,
  maxLength,
  onAdd,
}: {
  ref: RefObject<HTMLInputElement | null>;
  listTitle: string;
  maxLength: number;
  onAdd: (text: string) => void;
}) {
  const { t } = useTranslation('notes');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) setError(t('lists.itemRequired'));
    else if (value.length > maxLength) setError(t('lists.itemTooLong', { max: maxLength }));
    else {
      onAdd(value);
      setText('');
      setError(null);
    }
    ref.current?.focus();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          ref={ref}
          aria-label={t('lists.addItemLabel', { title: listTitle })}
          placeholder={t('lists.addItemPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          dir="auto"
          style={{ flex: 1 }}
          enterKeyHint="done"
        />
        <ActionIcon
          type="submit"
          size={36}
          variant="light"
          aria-label={t('lists.addItem', { title: listTitle })}
        >
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </form>
  );
}
