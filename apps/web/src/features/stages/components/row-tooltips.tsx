import { Tooltip } from '@mantine/core';
import type { RefObject } from 'react';

/** A tooltip shown over a button of a row, pointing at it (the button stays as it is). */
export interface RowTooltip {
  target: RefObject<HTMLElement | null>;
  label: string;
}

/**
 * The tooltips of a row's buttons. Loaded apart from the page: Mantine's tooltip and the
 * floating-ui it positions with are needed only once a pointer comes over a row, not for the
 * page's first screen (issue 34).
 */
export function RowTooltips({ tooltips }: { tooltips: RowTooltip[] }) {
  return (
    <>
      {tooltips.map((tooltip) => (
        <Tooltip key={tooltip.label} target={tooltip.target} label={tooltip.label} withArrow />
      ))}
    </>
  );
}
