import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toProblem, type Problem } from '../lib/problem';
import classes from './stages.module.css';
import { ProblemAlert } from './problem-alert';

/**
 * Asks before deleting `item` (open while it is not null); `remove` does the delete, and a
 * failure (a 409 says someone changed it meanwhile) shows in the dialog.
 */
export function DeleteModal<T>({
  item,
  title,
  text,
  confirm,
  remove,
  pending,
  onClose,
  onDeleted,
}: {
  item: T | null;
  title: string;
  text: string;
  confirm: string;
  remove: (item: T) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
  onDeleted: (item: T) => void;
}) {
  const { t } = useTranslation('stages');
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const run = async () => {
    if (item === null) return;
    setProblem(null);
    try {
      await remove(item);
      onDeleted(item);
    } catch (error) {
      setProblem(toProblem(error));
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ title: classes.modalTitle }}
      opened={item !== null}
      onClose={close}
      title={title}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {problem && (
          <ProblemAlert
            problem={problem}
            text={problem.kind === 'conflict' ? t('delete.conflict') : undefined}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button color="red.9" loading={pending} onClick={() => void run()}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
