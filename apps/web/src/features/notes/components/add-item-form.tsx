import { createListItemSchema } from '@jammy/shared/itineraries';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useForm } from '../../../components/form/use-form';

/** The field under a list: Enter adds the item, empties the field and leaves focus in it. */
export function AddItemForm({
  ref,
  listTitle,
  onAdd,
}: {
  ref: RefObject<HTMLInputElement | null>;
  listTitle: string;
  onAdd: (text: string) => void;
}) {
  const { t } = useTranslation('notes');
  const form = useForm({
    ns: 'notes',
    messages: { text: { required: 'lists.itemRequired', tooLong: 'lists.itemTooLong' } },
    initialValues: { text: '' },
    schema: createListItemSchema,
    toBody: (values) => ({ text: values.text.trim() }),
    // The list adds the item on its own (and says so there): the form hands it over and empties.
    submit: async ({ text }) => {
      onAdd(text);
      form.setValue('text', '');
      ref.current?.focus();
    },
  });

  return (
    <form {...form.formProps}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          {...form.field('text')}
          ref={ref}
          aria-label={t('lists.addItemLabel', { title: listTitle })}
          placeholder={t('lists.addItemPlaceholder')}
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
