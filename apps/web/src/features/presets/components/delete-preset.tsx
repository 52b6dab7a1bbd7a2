import type { PresetDetail } from '@jammy/shared/presets';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useLanguage } from '../../../i18n/use-language';
import { useDeletePreset } from '../api/presets';

/**
 * Admins only, for a Jammy itinerary an admin published (the catalogue's are unpublished, not
 * deleted): delete it after asking, at the version last read (`version`; none sends none), then
 * go back to the list. Copies already made stay.
 */
export function DeletePreset({
  preset,
  version,
}: {
  preset: PresetDetail;
  version: number | undefined;
}) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const remove = useDeletePreset(preset.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        c="red.9"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t('admin.delete')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('copy.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('admin.deleteText', { title: preset.title })}</Text>
          {remove.isError && <ProblemAlert error={remove.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('admin.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(version, {
                  onSuccess: () => void navigate(to('/jammy-itineraries'), { replace: true }),
                })
              }
            >
              {t('admin.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
