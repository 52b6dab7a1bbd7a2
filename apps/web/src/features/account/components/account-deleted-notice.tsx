import { Alert, CloseButton, Container, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLocation } from 'react-router';

/** Navigation state that asks the next page to say the account was deleted. */
export const ACCOUNT_DELETED_STATE = { accountNotice: 'account-deleted' } as const;

/**
 * "Your account was deleted": shown on the page the visitor lands on after deleting their
 * account (the home page renders it).
 */
export function AccountDeletedNotice() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const state: unknown = location.state;
  const deleted =
    typeof state === 'object' &&
    state !== null &&
    'accountNotice' in state &&
    state.accountNotice === ACCOUNT_DELETED_STATE.accountNotice;
  const [dismissed, setDismissed] = useState(false);
  if (!deleted || dismissed) return null;
  return (
    <Container size="lg" pt="md">
      <Alert
        role="status"
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden />}
        data-notice="account-deleted"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700} c="teal.9">
              {t('deleted.title')}
            </Text>
            <Text size="sm" c="teal.9">
              {t('deleted.text')}
            </Text>
          </div>
          <CloseButton aria-label={t('common.close')} onClick={() => setDismissed(true)} />
        </Group>
      </Alert>
    </Container>
  );
}
