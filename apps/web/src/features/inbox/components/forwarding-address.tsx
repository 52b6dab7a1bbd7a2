import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useForwardingAddress, useRotateAddress } from '../api/inbox';
import { isolate } from '../lib/wall-clock';

/**
 * The traveller's forwarding address: mail forwarded to it from their own verified address
 * lands in the inbox. A new address can be made (the old one then refuses mail).
 */
export function ForwardingAddress() {
  const { t } = useTranslation('inbox');
  const titleId = useId();
  const address = useForwardingAddress();
  const rotate = useRotateAddress();
  const [confirming, setConfirming] = useState(false);
  if (!address.data) return address.error ? <ProblemAlert error={address.error} /> : null;
  const { data } = address;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', xs: 'md' }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('address.title')}
        </Title>
        {data.receiving ? (
          <>
            <Text size="sm">
              {data.verifiedSenders.length > 0
                ? t('address.lead', { senders: isolate(data.verifiedSenders.join(', ')) })
                : t('address.noVerified')}
            </Text>
            <Group gap="sm" wrap="nowrap" align="center">
              <Text
                fw={600}
                size="sm"
                dir="ltr"
                style={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}
                data-testid="forwarding-address"
              >
                {data.address}
              </Text>
              <CopyButton value={data.address}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconCopy size={14} aria-hidden />}
                    onClick={copy}
                    style={{ flexShrink: 0 }}
                  >
                    {t(copied ? 'address.copied' : 'address.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="gray.7">
              {t('address.others')}
            </Text>
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('address.rotate')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm">{t('address.off')}</Text>
        )}
        {rotate.error ? <ProblemAlert error={rotate.error} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('address.rotateTitle')}
        message={t('address.rotateMessage')}
        confirm={t('address.rotateConfirm')}
        cancel={t('address.rotateCancel')}
        confirmColor="blue.8"
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
