import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/** The quiet zone around a QR code, in modules (the standard asks for 4). */
const QUIET_ZONE = 4;

/**
 * `value` as a QR code drawn in SVG (sharp at any size, printable). It is an image with a
 * name: the text alternative (the secret to type) is beside it on the page.
 */
export function QrCode({
  value,
  label,
  size = 184,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const code = useMemo(() => generate(value), [value]);
  const side = code.size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
      data-testid="two-factor-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={toSvgPath(code)} fill="#000" />
    </svg>
  );
}
