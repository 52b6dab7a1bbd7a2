import type { Itinerary } from '@jammy/shared/itineraries';
import type { Photo } from '@jammy/shared/media';
import { IMAGE_TYPES } from '@jammy/shared/storage-plain';
import { Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { setCover, uploadPath } from '../api/media-api';
import { useUpload } from './use-upload';
import { CropModal } from './crop-modal';
import classes from './photo-gallery.module.css';
import { UploadStatus } from './upload-status';

/**
 * The cover photo of a trip, saved at once (apart from the form's other fields): upload a
 * photo or take one of the trip's, crop it to the card, then it goes up (progress, cancel,
 * retry) and becomes the cover; "Remove cover" goes back to the generated one.
 */
export function CoverEditor({
  itinerary,
  version,
  photos,
  onSaved,
}: {
  itinerary: Itinerary;
  /** The itinerary's version the page holds (a cover change moves it on). */
  version: number;
  photos: Photo[];
  onSaved: (saved: Itinerary) => void;
}) {
  const { t } = useTranslation('files');
  const upload = useUpload();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [cropped, setCropped] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // An object URL of a chosen file is freed once the crop is done with it.
  useEffect(
    () => () => {
      if (source?.startsWith('blob:')) URL.revokeObjectURL(source);
    },
    [source],
  );

  async function save(blob: Blob) {
    setProblem(null);
    setCropped(blob);
    try {
      const path = uploadPath(itinerary.id, 'cover', 'cover.jpg');
      const stored = await upload.start(path, blob, { metadata: { contentType: 'image/jpeg' } });
      if (!stored) return;
      const saved = await setCover(itinerary.id, path, version);
      upload.reset();
      setCropped(null);
      setAnnouncement(t('cover.saved'));
      onSaved(saved);
    } catch (error) {
      setProblem(error);
    }
  }

  async function remove() {
    setProblem(null);
    setSaving(true);
    try {
      const saved = await setCover(itinerary.id, null, version);
      setAnnouncement(t('cover.removed'));
      onSaved(saved);
    } catch (error) {
      setProblem(error);
    } finally {
      setSaving(false);
    }
  }

  const busy = upload.state.status === 'uploading' || saving;
  const choices = photos.slice(0, 12);

  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t('cover.title')}
        </Text>
        <Text size="sm" c="gray.8">
          {itinerary.cover ? t('cover.hint') : t('cover.none')}
        </Text>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="cover-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) setSource(URL.createObjectURL(file));
        }}
      />
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPhotoUp size={18} aria-hidden />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {itinerary.cover ? t('cover.replace') : t('cover.upload')}
        </Button>
        {itinerary.cover && (
          <Button
            variant="default"
            c="red.9"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => void remove()}
            loading={saving}
            disabled={busy}
          >
            {t('cover.remove')}
          </Button>
        )}
      </Group>
      {choices.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" c="gray.8">
            {t('cover.pick')}
          </Text>
          <Group gap="xs">
            {choices.map((photo, index) => (
              <UnstyledButton
                key={photo.id}
                className={classes.open}
                disabled={busy}
                onClick={() => setSource(photo.file.mediumUrl ?? photo.file.url)}
              >
                <img
                  src={photo.file.thumbUrl ?? photo.file.url}
                  alt={t('cover.pickPhoto', {
                    name: photo.caption || t('photos.untitled', { number: index + 1 }),
                  })}
                  width={88}
                  height={66}
                  style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)' }}
                />
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
      )}
      <UploadStatus
        state={upload.state}
        kind="photo"
        label={t('upload.uploadingOne', { name: t('cover.title') })}
        problem={problem}
        onCancel={upload.cancel}
        onRetry={() => cropped && void save(cropped)}
        onDismiss={() => {
          setProblem(null);
          setCropped(null);
          upload.reset();
        }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <CropModal
        src={source}
        onCancel={() => setSource(null)}
        onCrop={(blob) => {
          setSource(null);
          void save(blob);
        }}
      />
    </Stack>
  );
}
