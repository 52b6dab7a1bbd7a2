import { Alert, Anchor, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useRestoreItinerary } from '../api/itineraries';
import { useProblemMessage } from '../../../lib/problem';

/** What just happened to one itinerary, told above the list. */
export interface ListNoticeState {
  kind: 'trashed' | 'restored';
  id: string;
  title: string;
}

/**
 * "Moved to the trash" with Undo, or "restored" with a link to it. It takes the focus when
 * it appears after an action on this page, so keyboard users land on the result.
 */
export function ListNotice({
  notice,
  onChange,
  takeFocus,
}: {
  notice: ListNoticeState;
  onChange: (next: ListNoticeState | null) => void;
  takeFocus: boolean;
}) {
  const { t } = useTranslation('itineraries');
  const problemMessage = useProblemMessage();
  const { to } = useLanguage();
  const restore = useRestoreItinerary();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!takeFocus) return;
    // After the page's own focus move on navigation (the layout focuses <main>).
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [notice, takeFocus]);

  const restored = notice.kind === 'restored';
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color={restored ? 'teal' : 'ink'}
      variant="light"
      radius="md"
      icon={
        restored ? <IconCircleCheck size={20} aria-hidden /> : <IconTrash size={20} aria-hidden />
      }
      data-notice={notice.kind}
    >
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Group gap="sm" align="center">
          <Text size="sm" c="ink.9" fw={500}>
            {t(restored ? 'trash.restored' : 'trash.moved', { title: notice.title })}
          </Text>
          {restored ? (
            <Anchor component={Link} to={to(`/itinerary/${notice.id}`)} size="sm" fw={700}>
              {t('trash.open')}
            </Anchor>
          ) : (
            <Button
              size="compact-sm"
              variant="white"
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(notice.id, {
                  onSuccess: () => onChange({ ...notice, kind: 'restored' }),
                })
              }
            >
              {t('trash.undo')}
            </Button>
          )}
          {restore.isError && (
            <Text size="sm" c="red.9" role="alert">
              {problemMessage(restore.error)}
            </Text>
          )}
        </Group>
        <CloseButton aria-label={t('trash.dismiss')} onClick={() => onChange(null)} />
      </Group>
    </Alert>
  );
}
