import type { Photo } from '@jammy/shared/media';
import { MEDIA_LIMITS } from '@jammy/shared/media-plain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  useDirection,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import classes from './photo-gallery.module.css';

const SWIPE_PX = 40;

/**
 * One photo large, over the page: arrows (on screen and on the keyboard, mirrored right to
 * left) and a swipe move through the gallery, Escape closes and the focus goes back to the
 * thumbnail (the dialog keeps the focus inside while open). Editors change the caption here.
 */
export function Lightbox({
  photos,
  index,
  nameOf,
  canEdit,
  onIndex,
  onClose,
  onSaveCaption,
}: {
  photos: Photo[];
  index: number | null;
  nameOf: (photo: Photo, index: number) => string;
  canEdit: boolean;
  onIndex: (index: number) => void;
  onClose: () => void;
  onSaveCaption: (photo: Photo, caption: string) => Promise<void>;
}) {
  const { t } = useTranslation('files');
  const { dir } = useDirection();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const photo = index === null ? undefined : photos[index];
  const total = photos.length;

  const go = (step: 1 | -1) => {
    if (index === null || total < 2) return;
    setEditing(null);
    setFailed(false);
    onIndex((index + step + total) % total);
  };

  // On the window: the focus may be on the dialog's close button, outside the body.
  useWindowEvent('keydown', (event) => {
    if (!photo || event.defaultPrevented) return;
    if (event.target instanceof HTMLElement && event.target.closest('textarea, input')) return;
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) {
      event.preventDefault();
      go(1);
    } else if (event.key === backward) {
      event.preventDefault();
      go(-1);
    }
  });

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    // A swipe towards the start shows the next photo (the page moves with the finger).
    const towardsStart = dir === 'rtl' ? dx > 0 : dx < 0;
    go(towardsStart ? 1 : -1);
  };

  const save = async () => {
    if (!photo || editing === null) return;
    setSaving(true);
    setFailed(false);
    try {
      await onSaveCaption(photo, editing);
      setEditing(null);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const PreviousIcon = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const NextIcon = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const name = photo && index !== null ? nameOf(photo, index) : '';

  return (
    <Modal
      opened={photo !== undefined}
      onClose={() => {
        setEditing(null);
        setFailed(false);
        onClose();
      }}
      title={index !== null ? t('lightbox.label', { number: index + 1, total }) : ''}
      size="xl"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': t('lightbox.close') }}
      classNames={{ body: classes.lightboxBody }}
    >
      {photo && (
        <Stack gap="sm" data-testid="lightbox">
          <Text size="xs" c="gray.8">
            {t('lightbox.keys')}
          </Text>
          <div
            className={classes.stage}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (start.current = null)}
          >
            <img
              key={photo.id}
              className={classes.large}
              src={photo.file.mediumUrl ?? photo.file.url}
              alt={name}
              width={photo.file.width ?? undefined}
              height={photo.file.height ?? undefined}
              style={photo.file.width ? { width: `min(100%, ${photo.file.width}px)` } : undefined}
              draggable={false}
            />
          </div>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              aria-label={t('lightbox.previous')}
              onClick={() => go(-1)}
              disabled={total < 2}
            >
              <PreviousIcon size={20} aria-hidden />
            </ActionIcon>
            <Anchor href={photo.file.url} target="_blank" rel="noopener noreferrer" size="sm">
              {t('lightbox.original')}
            </Anchor>
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              aria-label={t('lightbox.next')}
              onClick={() => go(1)}
              disabled={total < 2}
            >
              <NextIcon size={20} aria-hidden />
            </ActionIcon>
          </Group>
          {editing !== null ? (
            <Stack gap="xs">
              <Textarea
                label={t('lightbox.caption')}
                description={t('lightbox.captionHint')}
                value={editing}
                maxLength={MEDIA_LIMITS.caption}
                autosize
                minRows={2}
                data-autofocus
                onChange={(event) => setEditing(event.currentTarget.value)}
              />
              {failed && (
                <Alert color="red" role="alert">
                  {t('lightbox.captionFailed')}
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setEditing(null)}>
                  {t('lightbox.cancelCaption')}
                </Button>
                <Button loading={saving} onClick={() => void save()}>
                  {t('lightbox.saveCaption')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text dir="auto" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {photo.caption}
              </Text>
              {canEdit && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setEditing(photo.caption)}
                >
                  {t('lightbox.editCaption')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
