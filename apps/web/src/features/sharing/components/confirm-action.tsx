import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Asks before a change to who may see the trip; the cancel button has the focus. */
export function ConfirmAction(props: {
  opened: boolean;
  title: string;
  message: string;
  /** The confirm button's label ("Remove", "Revoke"). */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('sharing');
  return <ConfirmDialog {...props} cancel={t('actions.cancel')} />;
}
