import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * Asks before a destructive change (delete, remove, revoke): the cancel button has the
 * focus, the confirm button is red (`confirmColor` for a change that destroys nothing) and
 * shows `pending`.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirm,
  cancel,
  pending = false,
  confirmColor = 'red.8',
  returnFocus = true,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  /** The confirm button's label ("Delete", "Remove", "Revoke"). */
  confirm: string;
  cancel: string;
  pending?: boolean;
  confirmColor?: string;
  /** False when the caller moves the focus itself after closing. */
  returnFocus?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      radius="lg"
      returnFocus={returnFocus}
      // A question answered by its two buttons (or Escape): a nameless corner cross would be
      // a third, unlabelled way to say Cancel.
      withCloseButton={false}
    >
      <Stack gap="lg">
        <Text size="sm" c="gray.8">
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={pending}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
