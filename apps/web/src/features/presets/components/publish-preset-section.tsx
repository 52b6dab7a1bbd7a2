import type { Itinerary } from '@jammy/shared/itineraries';
import { Button, Container, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import { usePublishPreset } from '../api/presets';
import { ListingFields, type ListingValues } from './listing-fields';

const NEW_LISTING: ListingValues = { region: 'europe', interests: [], premium: false };

/**
 * Admins only, on their own itinerary: publish a snapshot of it as a Jammy itinerary. Later
 * changes to the itinerary do not change the published one.
 */
export function PublishPresetSection({ itinerary }: { itinerary: Itinerary }) {
  const { data: me } = useMe();
  if (me?.role !== 'admin' || itinerary.ownerId !== me.id) return null;
  return <PublishPreset itinerary={itinerary} />;
}

function PublishPreset({ itinerary }: { itinerary: Itinerary }) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const publish = usePublishPreset();
  const [opened, setOpened] = useState(false);
  const form = useForm({
    ns: 'presets',
    initialValues: NEW_LISTING,
    // Loaded once an admin's own trip draws the section: every traveller opens this page, and
    // zod is not among what it loads before it is interactive (decision 019).
    schema: () => import('@jammy/shared/presets').then((module) => module.publishPresetSchema),
    toBody: (values) => ({ itineraryId: itinerary.id, ...values }),
    submit: async (body) => {
      const preset = await publish.mutateAsync(body);
      setOpened(false);
      await navigate(to(`/jammy-itineraries/${preset.id}`));
    },
  });

  return (
    <Container size="lg" pb="xl">
      <Paper
        withBorder
        radius="lg"
        p="lg"
        bg="gray.0"
        component="section"
        aria-labelledby="publish-title"
      >
        <Group justify="space-between" gap="md">
          <Stack gap={4} maw={560}>
            <Title order={2} size="h4" id="publish-title">
              {t('admin.publishSectionTitle')}
            </Title>
            <Text size="sm" c="gray.8">
              {t('admin.publishSectionText')}
            </Text>
          </Stack>
          <Button
            variant="light"
            c="jam.9"
            leftSection={<IconWorldUpload size={18} aria-hidden />}
            onClick={() => setOpened(true)}
          >
            {t('admin.publish')}
          </Button>
        </Group>
      </Paper>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('admin.publishTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('copy.close') }}
      >
        <form {...form.formProps}>
          <Stack gap="md">
            <Text size="sm" c="gray.8">
              {t('admin.publishLead', { title: itinerary.title })}
            </Text>
            <ListingFields value={form.values} onChange={form.setValues} errorOf={form.errorOf} />
            {form.failure !== null && <ProblemAlert error={form.failure} />}
            <SubmitBar
              label={t('admin.publishSubmit')}
              submitting={form.submitting}
              size="sm"
              icon={<IconWorldUpload size={18} aria-hidden />}
              stretch
            />
          </Stack>
        </form>
      </Modal>
    </Container>
  );
}
