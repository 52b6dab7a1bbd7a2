import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { Attachment } from '@jammy/shared/media';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '@jammy/shared/storage-plain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useLanguage } from '../../../i18n/use-language';
import { formatBytes } from '../../../lib/format';
import { itineraryKeys } from '../../../lib/query-keys';
import { addAttachment, deleteAttachment, uploadPath } from '../api/media-api';
import { useUpload } from './use-upload';
import { UploadStatus } from './upload-status';

/**
 * Tickets and bookings of the trip or of one place: PDFs (or photos of them) that open in the
 * browser's own viewer. Editors attach one (progress, cancel, retry) and remove one after
 * confirming; viewers open them. Through a share link only those not private are listed.
 */
export function AttachmentList({
  tree,
  placeId = null,
  readOnly = false,
  compact = false,
}: {
  tree: ItineraryTree;
  /** One place's files; null: the trip's own (those of no place). */
  placeId?: string | null;
  readOnly?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation('files');
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const { itinerary } = tree;
  const canEdit = !readOnly && itinerary.role !== 'viewer';
  const files = tree.attachments.filter((attachment) => attachment.placeId === placeId);
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [current, setCurrent] = useState<File | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [pending, setPending] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: itineraryKeys.tree(itinerary.id) });

  async function attach(file: File) {
    setProblem(null);
    setCurrent(file);
    try {
      const path = uploadPath(itinerary.id, 'attachments', file.name);
      const stored = await upload.start(
        path,
        file,
        file.type ? { metadata: { contentType: file.type } } : {},
      );
      if (!stored) return;
      const added = await addAttachment(itinerary.id, { path, placeId });
      upload.reset();
      setCurrent(null);
      setAnnouncement(t('attachments.added', { name: added.title }));
      await refresh();
    } catch (error) {
      setProblem(error);
    }
  }

  async function remove(attachment: Attachment) {
    setPending(true);
    try {
      await deleteAttachment(itinerary.id, attachment.id, attachment.version);
      setRemoving(null);
      setAnnouncement(t('attachments.removed'));
      await refresh();
      addButton.current?.focus();
    } catch (error) {
      setRemoving(null);
      setProblem(error);
    } finally {
      setPending(false);
    }
  }

  if (files.length === 0 && !canEdit) return null;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={compact ? 3 : 2} size={compact ? 'h4' : 'h3'} id={headingId}>
              {t('attachments.title')}
            </Title>
            {canEdit && (
              <Text size="sm" c="gray.8">
                {t('attachments.hint')}
              </Text>
            )}
          </Stack>
          {canEdit && (
            <>
              <input
                ref={input}
                type="file"
                accept={[...DOCUMENT_TYPES, ...IMAGE_TYPES].join(',')}
                hidden
                data-testid="attachment-input"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) void attach(file);
                }}
              />
              <Button
                ref={addButton}
                variant="light"
                size={compact ? 'compact-md' : 'sm'}
                leftSection={<IconPaperclip size={18} aria-hidden />}
                onClick={() => input.current?.click()}
                disabled={upload.state.status === 'uploading'}
              >
                {t('attachments.add')}
              </Button>
            </>
          )}
        </Group>

        <UploadStatus
          state={upload.state}
          label={t('upload.uploadingOne', { name: current?.name ?? '' })}
          problem={problem}
          onCancel={upload.cancel}
          onRetry={() => current && void attach(current)}
          onDismiss={() => {
            setProblem(null);
            setCurrent(null);
            upload.reset();
          }}
        />

        {files.length === 0 ? (
          <Text c="gray.8">{t('attachments.none')}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {files.map((attachment) => {
              const Icon = attachment.file.contentType.startsWith('image/')
                ? IconPhoto
                : IconFileTypePdf;
              return (
                <Paper component="li" key={attachment.id} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Icon size={24} aria-hidden color="var(--mantine-color-jam-8)" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor
                          href={attachment.file.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          fw={600}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          <bdi>{attachment.title}</bdi>
                        </Anchor>
                        <Group gap="xs">
                          <Text size="xs" c="gray.8">
                            {formatBytes(attachment.file.size, language)}
                          </Text>
                          {attachment.private && !readOnly && (
                            <Badge size="xs" variant="light" color="ink">
                              {t('attachments.private')}
                            </Badge>
                          )}
                        </Group>
                      </Stack>
                    </Group>
                    {canEdit && (
                      <ActionIcon
                        variant="subtle"
                        color="red.8"
                        radius="xl"
                        aria-label={t('attachments.remove', { name: attachment.title })}
                        onClick={() => setRemoving(attachment)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <ConfirmDialog
        opened={removing !== null}
        title={t('attachments.removeTitle')}
        message={t('attachments.removeText')}
        confirm={t('attachments.removeConfirm')}
        cancel={t('attachments.cancel')}
        pending={pending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
