import { Alert, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconShieldCog, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import type { PresetDetail } from '@jammy/shared/presets';
import { useDeletePreset, useUpdatePreset } from '../api/presets';
import { adminProblem } from '../lib/admin-problem';
import { ListingFields, type ListingValues } from './listing-fields';

/** Admins only: edit where a Jammy itinerary is listed, publish or unpublish it, or delete it. */
export function PresetAdminPanel({ preset }: { preset: PresetDetail }) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const update = useUpdatePreset(preset.id);
  const remove = useDeletePreset(preset.id);
  const [values, setValues] = useState<ListingValues>({
    region: preset.region,
    interests: preset.interests,
    premium: preset.premium,
  });
  const [published, setPublished] = useState(preset.published);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const version = preset.admin?.version;
  // Catalogue presets ship with Jammy: they can be unpublished, not deleted.
  const deletable = preset.admin ? !preset.admin.catalogue : false;

  const save = () => {
    if (version === undefined) return;
    setSaved(false);
    update.mutate({ ...values, published, version }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="gray.0"
      component="section"
      aria-labelledby="admin-title"
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconShieldCog size={22} aria-hidden />
          <Title order={2} size="h3" id="admin-title">
            {t('admin.title')}
          </Title>
        </Group>
        <Text size="sm" c="gray.8">
          {t('admin.lead')}
        </Text>
        <Switch
          label={t('admin.published')}
          description={t('admin.publishedHint')}
          checked={published}
          onChange={(event) => setPublished(event.currentTarget.checked)}
        />
        <ListingFields value={values} onChange={setValues} />
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t(adminProblem(update.error))}
            </Text>
          </Alert>
        )}
        <div role="status">
          {saved && !update.isPending && (
            <Text size="sm" c="teal.9" fw={600}>
              {t('admin.saved')}
            </Text>
          )}
        </div>
        <Group justify="space-between">
          {deletable ? (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('admin.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Button
            onClick={save}
            loading={update.isPending}
            disabled={version === undefined}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('copy.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('admin.deleteText', { title: preset.title })}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm" c="red.9">
                {t(adminProblem(remove.error))}
              </Text>
            </Alert>
          )}
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
    </Paper>
  );
}
