import { TRASH_RETENTION_DAYS } from '@jammy/shared/itinerary-limits';
import type { Itinerary } from '@jammy/shared/itineraries';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useTrashItinerary } from '../api/itineraries';
import { ProblemAlert } from './problem-alert';

/** The owner's way to move the itinerary to the trash, after a confirmation. */
export function DangerZone({ itinerary }: { itinerary: Itinerary }) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const trash = useTrashItinerary();

  const confirm = () =>
    trash.mutate(itinerary.id, {
      onSuccess: () => {
        close();
        void navigate(to('/itineraries'), {
          state: { trashed: { id: itinerary.id, title: itinerary.title } },
        });
      },
    });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="danger-zone-title"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="danger-zone-title" c="red.9">
          {t('edit.dangerTitle')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('edit.dangerText', { days: TRASH_RETENTION_DAYS })}
        </Text>
        <Button
          color="red.9"
          variant="outline"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => {
            trash.reset();
            open();
          }}
        >
          {t('edit.trash')}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t('edit.confirmTitle', { title: itinerary.title })}
        radius="lg"
        centered
        closeButtonProps={{ 'aria-label': t('edit.keep') }}
      >
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            {t('edit.confirmText', { days: TRASH_RETENTION_DAYS })}
          </Text>
          {trash.isError && <ProblemAlert error={trash.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('edit.keep')}
            </Button>
            <Button
              color="red.9"
              loading={trash.isPending}
              onClick={confirm}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t('edit.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
