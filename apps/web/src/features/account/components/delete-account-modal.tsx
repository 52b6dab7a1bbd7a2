import { DELETE_CONFIRMATION } from '@jammy/shared/account-limits';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useDeleteAccount } from '../api/delete-account';
import { ACCOUNT_DELETED_STATE } from './account-deleted-notice';
import { ProblemAlert } from './problem-alert';

/** The last step of deleting an account: type DELETE, then it is gone and the visitor is home. */
export function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim() === DELETE_CONFIRMATION;

  function close() {
    if (remove.isPending) return;
    setTyped('');
    remove.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    // Not a per-call onSuccess: this page unmounts once the session is gone, the promise stays.
    void remove.mutateAsync({ confirmation: DELETE_CONFIRMATION }).then(
      () => navigate(to('/'), { state: ACCOUNT_DELETED_STATE, replace: true }),
      () => undefined,
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('delete.modalTitle')}
      fullScreen={phone}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            {t('delete.modalText')}
          </Text>
          <Text size="sm" c="gray.8">
            {t('delete.modalExport')}
          </Text>
          <TextInput
            label={
              <Trans
                t={t}
                i18nKey="delete.typeLabel"
                values={{ word: DELETE_CONFIRMATION }}
                components={{ code: <Code /> }}
              />
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
            dir="ltr"
          />
          {remove.error ? <ProblemAlert error={remove.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.9" disabled={!confirmed} loading={remove.isPending}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
