import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a change to who may see the trip; the cancel button has the focus. */
export function ConfirmAction({
  opened,
  title,
  message,
  confirm,
  pending,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  /** The confirm button's label ("Remove", "Revoke"). */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sharing');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered radius="lg">
      <Stack gap="lg">
        <Text size="sm" c="gray.8">
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={pending}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
