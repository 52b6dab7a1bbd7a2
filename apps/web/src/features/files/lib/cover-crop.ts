/** The shape of a trip card's cover (width ÷ height): covers are cropped to it. */
export const COVER_RATIO = 5 / 2;
/** The widest cover kept, in pixels (1500 × 600). */
export const COVER_WIDTH = 1500;

/** How a photo is cropped: zoom (1 = the largest card-shaped part) and where, in % of the slack. */
export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

/** The part of a `width` × `height` photo a crop keeps, in the photo's pixels. */
export function cropRect(width: number, height: number, crop: Crop) {
  const wide = width / height > COVER_RATIO;
  const zoom = Math.max(1, crop.zoom);
  const cropWidth = (wide ? height * COVER_RATIO : width) / zoom;
  const cropHeight = cropWidth / COVER_RATIO;
  const clamp = (value: number) => Math.min(100, Math.max(0, value)) / 100;
  return {
    x: (width - cropWidth) * clamp(crop.x),
    y: (height - cropHeight) * clamp(crop.y),
    width: cropWidth,
    height: cropHeight,
  };
}
