import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Asks before something is deleted for everyone on the trip. Focus is left to the caller. */
export function ConfirmDelete(props: {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('notes');
  return (
    <ConfirmDialog
      {...props}
      confirm={t('confirm.delete')}
      cancel={t('confirm.cancel')}
      returnFocus={false}
    />
  );
}
