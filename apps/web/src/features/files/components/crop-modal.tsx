import { Alert, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { COVER_RATIO, COVER_WIDTH, cropRect, type Crop } from '../lib/cover-crop';

/**
 * Crops a photo to the shape of the trip card: zoom and position with sliders (they work by
 * keyboard), a live preview of the card, and the result as a JPEG.
 */
export function CropModal({
  src,
  onCancel,
  onCrop,
}: {
  /** The photo to crop (an object URL or a same-origin address); null: closed. */
  src: string | null;
  onCancel: () => void;
  onCrop: (cropped: Blob) => void;
}) {
  const { t } = useTranslation('files');
  return (
    <Modal
      opened={src !== null}
      onClose={onCancel}
      title={t('cover.cropTitle')}
      closeButtonProps={{ 'aria-label': t('cover.cancel') }}
      radius="lg"
      size="lg"
      centered
    >
      {src && <Cropper key={src} src={src} onCancel={onCancel} onCrop={onCrop} />}
    </Modal>
  );
}

/** The crop of one photo (a fresh one, with its own state, for each photo). */
function Cropper({
  src,
  onCancel,
  onCrop,
}: {
  src: string;
  onCancel: () => void;
  onCrop: (cropped: Blob) => void;
}) {
  const { t } = useTranslation('files');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 50, y: 50 });

  useEffect(() => {
    const next = new Image();
    next.onload = () => setImage(next);
    next.onerror = () => setFailed(true);
    next.src = src;
  }, [src]);

  useEffect(() => {
    const target = canvas.current;
    const context = target?.getContext('2d');
    if (!target || !context || !image) return;
    const rect = cropRect(image.naturalWidth, image.naturalHeight, crop);
    target.width = Math.min(COVER_WIDTH, Math.round(rect.width));
    target.height = Math.round(target.width / COVER_RATIO);
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      image,
      rect.x,
      rect.y,
      rect.width,
      rect.height,
      0,
      0,
      target.width,
      target.height,
    );
  }, [image, crop]);

  const use = () => canvas.current?.toBlob((blob) => blob && onCrop(blob), 'image/jpeg', 0.9);

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.8">
        {t('cover.cropHint')}
      </Text>
      {failed ? (
        <Alert color="red" role="alert">
          {t('cover.loadFailed')}
        </Alert>
      ) : (
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('cover.preview')}
          style={{
            width: '100%',
            aspectRatio: String(COVER_RATIO),
            borderRadius: 'var(--mantine-radius-md)',
            background: 'var(--mantine-color-gray-1)',
          }}
        />
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('cover.zoom')}
        </Text>
        <Slider
          min={1}
          max={4}
          step={0.05}
          value={crop.zoom}
          label={null}
          thumbLabel={t('cover.zoom')}
          onChange={(zoom) => setCrop((current) => ({ ...current, zoom }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('cover.horizontal')}
        </Text>
        <Slider
          min={0}
          max={100}
          value={crop.x}
          label={null}
          thumbLabel={t('cover.horizontal')}
          onChange={(x) => setCrop((current) => ({ ...current, x }))}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('cover.vertical')}
        </Text>
        <Slider
          min={0}
          max={100}
          value={crop.y}
          label={null}
          thumbLabel={t('cover.vertical')}
          onChange={(y) => setCrop((current) => ({ ...current, y }))}
        />
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('cover.cancel')}
        </Button>
        <Button onClick={use} disabled={!image}>
          {t('cover.useCrop')}
        </Button>
      </Group>
    </Stack>
  );
}
