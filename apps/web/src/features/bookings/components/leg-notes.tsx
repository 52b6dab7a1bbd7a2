import type { Booking } from '@jammy/shared/bookings';
import { IconClockPause } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { bookingLength, formatElapsed, type Layover } from '../lib/booking-length';

/** What a booking's length reads as ("9 hr 30 min", "4 nights"), or null without one. */
export function useLengthText(): (booking: Booking) => string | null {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (booking) => {
    const length = bookingLength(booking);
    if (!length) return null;
    return 'nights' in length
      ? t('length.nights', { count: length.nights })
      : formatElapsed(length.minutes, language);
  };
}

/** "Layover in New York: 2 hr 45 min", or with the change of place when there is one. */
export function useLayoverText(): (layover: Layover) => string {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (layover) => {
    const duration = formatElapsed(layover.minutes, language);
    if (layover.from && layover.to) {
      return t('layover.change', { duration, from: layover.from, to: layover.to });
    }
    if (layover.at) return t('layover.at', { duration, place: layover.at });
    return t('layover.plain', { duration });
  };
}

/** The wait before a leg, as an item of the list the legs are in. */
export function LayoverNote({
  layover,
  className,
  style,
  testId = 'booking-layover',
}: {
  layover: Layover;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}) {
  const text = useLayoverText();
  return (
    <li className={className} style={style} data-testid={testId} data-entry="layover">
      <IconClockPause
        size={16}
        aria-hidden
        style={{ verticalAlign: '-3px', marginInlineEnd: '0.35em' }}
      />
      <bdi>{text(layover)}</bdi>
    </li>
  );
}
