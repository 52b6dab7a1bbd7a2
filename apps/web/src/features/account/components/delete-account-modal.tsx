import { deleteMeSchema } from '@jammy/shared/account';
import { DELETE_CONFIRMATION } from '@jammy/shared/account-limits';
import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Trans, useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { useForm } from '../../../components/form/use-form';
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
  const form = useForm({
    ns: 'account',
    initialValues: { confirmation: '' },
    schema: deleteMeSchema,
    toBody: (values) => ({ confirmation: values.confirmation.trim() }),
    submit: async (body) => {
      await remove.mutateAsync(body);
      // This page unmounts once the session is gone; the promise goes on to the home page.
      await navigate(to('/'), { state: ACCOUNT_DELETED_STATE, replace: true });
    },
  });
  const confirmed = form.values.confirmation.trim() === DELETE_CONFIRMATION;

  function close() {
    if (form.submitting) return;
    form.setValues({ confirmation: '' });
    form.setFailure(null);
    onClose();
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
      <form {...form.formProps}>
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            {t('delete.modalText')}
          </Text>
          <Text size="sm" c="gray.8">
            {t('delete.modalExport')}
          </Text>
          <TextInput
            {...form.field('confirmation')}
            label={
              <Trans
                t={t}
                i18nKey="delete.typeLabel"
                values={{ word: DELETE_CONFIRMATION }}
                components={{ code: <Code /> }}
              />
            }
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
            dir="ltr"
          />
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          {/* Not the kit's submit bar: the end of an account is the one red button. */}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={form.submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red.9" disabled={!confirmed} loading={form.submitting}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
