import type { PresetDetail } from '@jammy/shared/presets';
import { Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconShieldCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useUpdatePreset } from '../api/presets';
import { adminListingOf } from '../lib/admin-listing';
import { DeletePreset } from './delete-preset';
import { ListingConflict } from './listing-conflict';
import { ListingFields } from './listing-fields';

/**
 * Admins only: edit where a Jammy itinerary is listed, publish or unpublish it, or delete it.
 * The listing is saved at the version it was read at: when another admin saved it meanwhile
 * (409), theirs is shown beside this one's.
 */
export function PresetAdminPanel({ preset }: { preset: PresetDetail }) {
  const { t } = useTranslation('presets');
  const update = useUpdatePreset(preset.id);
  const [saved, setSaved] = useState(false);
  // Without its admin facts the preset has no version to save at.
  const readOnly = preset.admin === undefined;
  // Catalogue presets ship with Jammy: they can be unpublished, not deleted.
  const deletable = preset.admin ? !preset.admin.catalogue : false;
  const form = useForm({
    ns: 'presets',
    initialValues: adminListingOf(preset),
    // Loaded when an admin's panel draws: every visitor opens this page, and zod is not among
    // what it loads before it is interactive (decision 019).
    schema: () => import('@jammy/shared/presets').then((module) => module.updatePresetSchema),
    submit: async (body) => {
      setSaved(false);
      const current = await update.mutateAsync(body);
      form.setValue('version', adminListingOf(current).version);
      setSaved(true);
    },
  });
  const theirs = form.conflict as PresetDetail | null;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      bg="gray.0"
      component="section"
      aria-labelledby="admin-title"
    >
      <form {...form.formProps}>
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
            data-field="published"
            error={form.errorOf('published')}
            label={t('admin.published')}
            description={t('admin.publishedHint')}
            checked={form.values.published}
            onChange={(event) => form.setValue('published', event.currentTarget.checked)}
          />
          <ListingFields
            value={form.values}
            onChange={(listing) => form.setValues((current) => ({ ...current, ...listing }))}
            errorOf={form.errorOf}
          />
          {theirs && (
            <ListingConflict
              theirs={adminListingOf(theirs)}
              mine={form.values}
              saving={form.submitting}
              onUseTheirs={() => form.takeTheirs(adminListingOf(theirs))}
              onKeepMine={() => void form.send({ version: adminListingOf(theirs).version })}
            />
          )}
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          <div role="status">
            {saved && !form.submitting && !form.hasErrors && form.failure === null && !theirs && (
              <Text size="sm" c="teal.9" fw={600}>
                {t('admin.saved')}
              </Text>
            )}
          </div>
          <Group justify="space-between">
            {deletable ? (
              <DeletePreset preset={preset} version={readOnly ? undefined : form.values.version} />
            ) : (
              <span />
            )}
            <SubmitBar
              label={t('admin.save')}
              submitting={form.submitting && !theirs}
              disabled={readOnly || (form.submitting && theirs !== null)}
              size="sm"
              icon={<IconDeviceFloppy size={16} aria-hidden />}
            />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
