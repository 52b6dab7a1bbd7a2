import { LIMITS } from '@jammy/shared/itinerary-limits';
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Renames a list in place: Enter saves, Escape gives up. */
export function RenameListForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('notes');
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value) setError(t('lists.titleRequired'));
    else if (value.length > LIMITS.listTitle) {
      setError(t('lists.titleTooLong', { max: LIMITS.listTitle }));
    } else onSave(value);
  }

  return (
    <form onSubmit={submit} noValidate style={{ flex: 1 }}>
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('lists.name')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          onFocus={(event) => event.currentTarget.select()}
          error={error}
          autoFocus
          dir="auto"
          style={{ flex: 1, minWidth: 180 }}
        />
        <Group gap="xs">
          <Button type="submit" size="sm">
            {t('lists.save')}
          </Button>
          <Button variant="default" size="sm" onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
