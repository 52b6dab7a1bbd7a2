import { updateListSchema } from '@jammy/shared/itineraries';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useForm } from '../../../components/form/use-form';

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
  const form = useForm({
    ns: 'notes',
    messages: { title: { required: 'lists.titleRequired', tooLong: 'lists.titleTooLong' } },
    initialValues: { title: initial },
    schema: updateListSchema,
    toBody: (values) => ({ title: values.title.trim() }),
    // The list saves on its own (and says so there): the form only hands the title over.
    submit: async ({ title }) => onSave(title ?? initial),
  });

  return (
    <form {...form.formProps} style={{ flex: 1 }}>
      <Group gap="xs" align="flex-end">
        <TextInput
          {...form.field('title')}
          label={t('lists.name')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          onFocus={(event) => event.currentTarget.select()}
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
