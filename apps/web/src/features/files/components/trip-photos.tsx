import { IMAGE_TYPES } from '@jammy/shared/storage';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { Photo } from '@jammy/shared/media';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { itineraryKeys } from '../../itineraries/api/keys';
import { addPhoto, deletePhoto, uploadPath } from '../media-api';
import { StorageError } from '../storage-error';
import { useUpload } from '../use-upload';
import classes from './trip-photos.module.css';

/** The translation key that says why an upload or a save failed, and what to do. */
function problemKey(error: unknown): string {
  if (error instanceof StorageError) {
    if (error.code === 'storage/canceled') return 'photos.canceled';
    if (error.code === 'storage/quota-exceeded' || error.status === 402) return 'photos.quota';
    if (error.status === 413) return 'photos.tooBig';
    if (error.status === 415) return 'photos.wrongType';
    if (error.status === 0) return 'photos.offline';
  }
  return 'photos.failed';
}

/**
 * The trip's photos on its overview: thumbnails that open the full photo, and for editors
 * "Add photos" (several at once, with progress, cancel and retry) and a remove button on each.
 * The bytes go up through the storage API; the photo is then added to the trip.
 */
export function TripPhotos({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('itineraries');
  const queryClient = useQueryClient();
  const { itinerary, photos } = tree;
  const canEdit = itinerary.role !== 'viewer';
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [queue, setQueue] = useState<{ done: number; total: number } | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const [pending, setPending] = useState(false);

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: itineraryKeys.tree(itinerary.id) });

  async function addFiles(files: File[]) {
    setProblem(null);
    setQueue({ done: 0, total: files.length });
    try {
      for (const [index, file] of files.entries()) {
        const path = uploadPath(itinerary.id, 'photos', file.name);
        const stored = await upload.start(
          path,
          file,
          file.type ? { metadata: { contentType: file.type } } : {},
        );
        if (!stored) return;
        await addPhoto(itinerary.id, { path });
        setQueue({ done: index + 1, total: files.length });
      }
      upload.reset();
    } catch (error) {
      setProblem(t(problemKey(error)));
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
      addButton.current?.focus();
    } catch (error) {
      setRemoving(null);
      setProblem(t(problemKey(error)));
    } finally {
      setPending(false);
    }
  }

  if (photos.length === 0 && !canEdit) return null;
  const { state } = upload;
  const uploading = state.status === 'uploading';
  const failure = state.status === 'error' ? t(problemKey(state.error)) : problem;
  const percent =
    state.status === 'uploading' && state.totalBytes > 0
      ? Math.round((state.bytesTransferred / state.totalBytes) * 100)
      : 0;
  const nameOf = (photo: Photo, index: number) =>
    photo.caption || t('photos.untitled', { number: index + 1 });

  return (
    <section aria-labelledby="photos-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="photos-title">
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
                leftSection={<IconPhotoPlus size={18} aria-hidden />}
                onClick={() => input.current?.click()}
                disabled={queue !== null}
              >
                {t('photos.add')}
              </Button>
            </>
          )}
        </Group>

        {queue && (
          <Paper withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" aria-live="polite">
                  {t('photos.uploading', { done: queue.done, total: queue.total })}
                </Text>
                {uploading && (
                  <Button size="compact-sm" variant="subtle" color="gray" onClick={upload.cancel}>
                    {t('photos.cancel')}
                  </Button>
                )}
              </Group>
              <Progress value={percent} aria-label={t('photos.progress')} />
            </Stack>
          </Paper>
        )}

        {failure && !queue && (
          <Alert color="red" role="alert" title={t('photos.problem')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{failure}</Text>
              {state.status === 'error' && state.error.code !== 'storage/canceled' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => void upload.retry()}
                >
                  {t('photos.retry')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        {photos.length === 0 ? (
          <Text c="gray.8">{t('photos.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {photos.map((photo, index) => (
              <figure key={photo.id} className={classes.photo}>
                <a href={photo.file.url} target="_blank" rel="noopener noreferrer">
                  <img
                    className={classes.image}
                    src={photo.file.thumbUrl ?? photo.file.url}
                    alt={nameOf(photo, index)}
                    loading="lazy"
                    width={320}
                    height={240}
                  />
                </a>
                {photo.caption && (
                  <figcaption className={classes.caption} dir="auto">
                    {photo.caption}
                  </figcaption>
                )}
                {canEdit && (
                  <ActionIcon
                    className={classes.remove}
                    variant="white"
                    color="red"
                    radius="xl"
                    aria-label={t('photos.remove', { name: nameOf(photo, index) })}
                    onClick={() => setRemoving(photo)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </figure>
            ))}
          </SimpleGrid>
        )}
      </Stack>
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
