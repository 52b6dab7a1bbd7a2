import type { BookingKind } from '@jammy/shared/bookings';
import {
  IconBed,
  IconBookmark,
  IconBus,
  IconCar,
  IconPlane,
  IconShip,
  IconTicket,
  IconToolsKitchen2,
  IconTrain,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<BookingKind, Icon> = {
  flight: IconPlane,
  train: IconTrain,
  bus: IconBus,
  ferry: IconShip,
  'car-rental': IconCar,
  accommodation: IconBed,
  activity: IconTicket,
  restaurant: IconToolsKitchen2,
  other: IconBookmark,
};

/** The pictogram of a booking's kind (decorative: the kind is written beside it). */
export function BookingKindIcon({ kind, size = 18 }: { kind: BookingKind; size?: number }) {
  const Glyph = ICONS[kind];
  return <Glyph size={size} aria-hidden stroke={1.8} />;
}
