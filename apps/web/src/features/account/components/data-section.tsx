import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { StorageMeter } from '../../files/public';
import { useExportData } from '../api/export-data';
import { DeleteAccountModal } from './delete-account-modal';
import { ProblemAlert } from './problem-alert';
import { SectionCard, SectionHeader } from './section-card';
import { SuccessAlert } from './success-alert';

/** Your data: download everything Jammy keeps about you, or delete the account. */
export function DataSection() {
  const { t } = useTranslation('account');
  const exportData = useExportData();
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <SectionHeader title={t('tabs.data')} lead={t('data.lead')} />
      <Stack gap="lg">
        <StorageMeter />
        <SectionCard
          id="export-card"
          title={t('data.exportTitle')}
          description={t('data.exportText')}
        >
          {exportData.error ? <ProblemAlert error={exportData.error} /> : null}
          {exportData.isSuccess ? (
            <SuccessAlert>{t('data.exported', { file: exportData.data })}</SuccessAlert>
          ) : null}
          <Group>
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={exportData.isPending}
              onClick={() => exportData.mutate()}
            >
              {t('data.exportButton')}
            </Button>
          </Group>
        </SectionCard>

        <SectionCard
          id="delete-card"
          title={t('delete.title')}
          description={t('delete.text')}
          danger
        >
          <List size="sm" c="gray.8" spacing={4}>
            <List.Item>{t('delete.whatProfile')}</List.Item>
            <List.Item>{t('delete.whatSignIn')}</List.Item>
            <List.Item>{t('delete.whatTrips')}</List.Item>
          </List>
          <Text size="sm" fw={600} c="red.9">
            {t('delete.final')}
          </Text>
          <Group>
            <Button
              color="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('delete.open')}
            </Button>
          </Group>
        </SectionCard>
      </Stack>
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
