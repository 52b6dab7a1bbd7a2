import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { CopyTextButton } from '../copy-text-button';

/** The backup codes as a text file the traveller keeps (one code a line). */
function download(codes: readonly string[], heading: string) {
  const text = `${heading}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'jammy-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The 10 backup codes, shown once: each signs in one time when the phone is not at hand. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('second-factor');
  return (
    <Alert
      role="status"
      color="teal"
      variant="light"
      radius="md"
      icon={<IconLifebuoy size={20} aria-hidden />}
      title={t('setup.backupTitle')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('setup.backupText')}</Text>
        <SimpleGrid
          component="ol"
          cols={2}
          spacing="xs"
          verticalSpacing={4}
          data-testid="backup-codes"
          dir="ltr"
          style={{ paddingInlineStart: 0, margin: 0, listStyle: 'none' }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" size="sm" fw={600}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <CopyTextButton
            value={codes.join('\n')}
            label={t('setup.copy')}
            copiedLabel={t('setup.copied')}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(codes, t('setup.backupTitle'))}
          >
            {t('setup.download')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
