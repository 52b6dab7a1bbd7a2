import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { Photo } from '@jammy/shared/media';
import { IMAGE_TYPES } from '@jammy/shared/storage-plain';
import {
  ActionIcon,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  useDirection,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { itineraryKeys } from '../../../lib/query-keys';
import { addPhoto, deletePhoto, movePhoto, updatePhoto, uploadPath } from '../api/media-api';
import { useUpload } from './use-upload';
import { Lightbox } from './lightbox';
import classes from './photo-gallery.module.css';
import { UploadStatus } from './upload-status';

/** Whose photos a gallery shows: the trip's own, one stage's or one place's. */
export type GalleryOwner = { stageId: string } | { placeId: string } | 'trip';

function belongsTo(photo: Photo, owner: GalleryOwner): boolean {
  if (owner === 'trip') return photo.stageId === null && photo.placeId === null;
  if ('stageId' in owner) return photo.stageId === owner.stageId;
  return photo.placeId === owner.placeId;
}

/**
 * A gallery of the trip, a stage or a place: thumbnails that open a lightbox, and for editors
 * "Add photos" (several at once, with progress, cancel and retry), moving a photo earlier or
 * later (buttons, so it works by keyboard), its caption (in the lightbox) and removing it
 * after confirming. Viewers and share-link holders see the photos only.
 */
export function PhotoGallery({
  tree,
  owner,
  readOnly = false,
  compact = false,
  onChanged,
}: {
  tree: ItineraryTree;
  owner: GalleryOwner;
  /** The shared view: never an edit control, whatever the role says. */
  readOnly?: boolean;
  /** A smaller heading, for a gallery inside a panel. */
  compact?: boolean;
  /** After a change (the default refreshes the trip's tree). */
  onChanged?: () => Promise<unknown>;
}) {
  const { t } = useTranslation('files');
  const { dir } = useDirection();
  const queryClient = useQueryClient();
  const { itinerary } = tree;
  const canEdit = !readOnly && itinerary.role !== 'viewer';
  const photos = tree.photos.filter((photo) => belongsTo(photo, owner));
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [pendingFiles, setPendingFiles] = useState<File[]>([]);
  const [queue, setQueue] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const refresh = () =>
    onChanged
      ? onChanged()
      : queryClient.invalidateQueries({ queryKey: itineraryKeys.tree(itinerary.id) });
  const nameOf = (photo: Photo, index: number) =>
    photo.caption || t('photos.untitled', { number: index + 1 });
  const target = owner === 'trip' ? {} : 'stageId' in owner ? { stageId: owner.stageId } : owner;

  /** Uploads and adds each file in turn; what is left after a failure can be retried. */
  async function addFiles(files: File[]) {
    setProblem(null);
    setQueue({ done: 0, total: files.length });
    let added = 0;
    try {
      for (const [index, file] of files.entries()) {
        const path = uploadPath(itinerary.id, 'photos', file.name);
        const stored = await upload.start(
          path,
          file,
          file.type ? { metadata: { contentType: file.type } } : {},
        );
        if (!stored) {
          setPendingFiles(files.slice(index));
          return;
        }
        await addPhoto(itinerary.id, { path, ...target });
        added += 1;
        setQueue({ done: index + 1, total: files.length });
      }
      setPendingFiles([]);
      upload.reset();
      setAnnouncement(t('photos.added', { count: added }));
    } catch (error) {
      setPendingFiles(files.slice(added));
      setProblem(error);
    } finally {
      setQueue(null);
      await refresh();
    }
  }

  async function remove(photo: Photo) {
    setPending(true);
    try {
      await deletePhoto(itinerary.id, photo.id, photo.version);
      setRemoving(null);
      await refresh();
      setAnnouncement(t('photos.removed'));
      addButton.current?.focus();
    } catch (error) {
      setRemoving(null);
      setProblem(error);
    } finally {
      setPending(false);
    }
  }

  async function move(photo: Photo, index: number, step: 1 | -1) {
    const afterId = step === -1 ? (photos[index - 2]?.id ?? null) : (photos[index + 1]?.id ?? null);
    setProblem(null);
    try {
      await movePhoto(itinerary.id, photo.id, afterId, photo.version);
      await refresh();
      const name = nameOf(photo, index);
      setAnnouncement(t('photos.moved', { name, position: index + step + 1 }));
      // The buttons of the photo's new place keep the focus (one may be gone at an end).
      requestAnimationFrame(() => {
        const tools = document.querySelector(`[data-photo-id="${photo.id}"]`);
        const button =
          tools?.querySelector<HTMLButtonElement>(`button[data-step="${step}"]:not(:disabled)`) ??
          tools?.querySelector<HTMLButtonElement>('button[data-step]:not(:disabled)');
        button?.focus();
      });
    } catch (error) {
      setProblem(error);
    }
  }

  async function saveCaption(photo: Photo, caption: string) {
    await updatePhoto(itinerary.id, photo.id, { caption, version: photo.version });
    await refresh();
    setAnnouncement(t('lightbox.captionSaved'));
  }

  if (photos.length === 0 && !canEdit) return null;
  const Earlier = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const Later = dir === 'rtl' ? IconChevronLeft : IconChevronRight;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={compact ? 3 : 2} size={compact ? 'h4' : 'h3'} id={headingId}>
            {t('photos.title')}
          </Title>
          {canEdit && (
            <>
              <input
                ref={input}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                hidden
                data-testid="photo-input"
                onChange={(event) => {
                  const files = Array.from(event.currentTarget.files ?? []);
                  event.currentTarget.value = '';
                  if (files.length > 0) void addFiles(files);
                }}
              />
              <Button
                ref={addButton}
                variant="light"
                size={compact ? 'compact-md' : 'sm'}
                leftSection={<IconPhotoPlus size={18} aria-hidden />}
                onClick={() => input.current?.click()}
                disabled={queue !== null}
              >
                {t('photos.add')}
              </Button>
            </>
          )}
        </Group>

        <UploadStatus
          state={upload.state}
          kind="photo"
          label={t('upload.uploading', {
            done: (queue?.done ?? 0) + 1,
            total: queue?.total ?? 1,
          })}
          problem={problem}
          onCancel={upload.cancel}
          onRetry={() => void addFiles(pendingFiles)}
          onDismiss={() => {
            setProblem(null);
            setPendingFiles([]);
            upload.reset();
          }}
        />

        {photos.length === 0 ? (
          <Text c="gray.8">{t('photos.none')}</Text>
        ) : (
          <SimpleGrid cols={compact ? { base: 2, sm: 3 } : { base: 2, sm: 3, md: 4 }} spacing="sm">
            {photos.map((photo, index) => (
              <figure key={photo.id} className={classes.photo} data-photo-id={photo.id}>
                <button type="button" className={classes.open} onClick={() => setOpen(index)}>
                  <img
                    className={classes.image}
                    src={photo.file.thumbUrl ?? photo.file.url}
                    alt={nameOf(photo, index)}
                    loading="lazy"
                    width={320}
                    height={240}
                  />
                </button>
                {photo.caption && (
                  <figcaption className={classes.caption} dir="auto">
                    {photo.caption}
                  </figcaption>
                )}
                {canEdit && (
                  <>
                    <ActionIcon
                      className={classes.remove}
                      variant="white"
                      color="red.8"
                      radius="xl"
                      aria-label={t('photos.remove', { name: nameOf(photo, index) })}
                      onClick={() => setRemoving(photo)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                    {photos.length > 1 && (
                      <div className={classes.tools}>
                        <ActionIcon
                          variant="default"
                          radius="xl"
                          data-step={-1}
                          disabled={index === 0}
                          aria-label={t('photos.earlier', { name: nameOf(photo, index) })}
                          onClick={() => void move(photo, index, -1)}
                        >
                          <Earlier size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          radius="xl"
                          data-step={1}
                          disabled={index === photos.length - 1}
                          aria-label={t('photos.later', { name: nameOf(photo, index) })}
                          onClick={() => void move(photo, index, 1)}
                        >
                          <Later size={16} aria-hidden />
                        </ActionIcon>
                      </div>
                    )}
                  </>
                )}
              </figure>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Lightbox
        photos={photos}
        index={open !== null && open < photos.length ? open : null}
        nameOf={nameOf}
        canEdit={canEdit}
        onIndex={setOpen}
        onClose={() => setOpen(null)}
        onSaveCaption={saveCaption}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('photos.removeTitle')}
        message={t('photos.removeText')}
        confirm={t('photos.removeConfirm')}
        cancel={t('photos.cancel')}
        pending={pending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
