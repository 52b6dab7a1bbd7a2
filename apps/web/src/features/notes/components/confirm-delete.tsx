import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before something is deleted for everyone on the trip. Focus is left to the caller. */
export function ConfirmDelete({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('notes');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      radius="lg"
      returnFocus={false}
    >
      <Stack gap="lg">
        <Text size="sm" c="gray.8">
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('confirm.cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm}>
            {t('confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
