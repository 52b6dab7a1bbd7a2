export { layovers } from './lib/booking-length';
export type { Layover } from './lib/booking-length';
export { formatDayHeading, referenceZone } from './lib/booking-time';
export { LayoverNote, useLengthText } from './components/leg-notes';
export { TimelineBooking } from './components/timeline-booking';
export { TripBookings } from './components/trip-bookings';
export { bookingMoments, looseDays, mergeByTime, planStages } from './lib/trip-plan';
export type { BookingMoment, LooseDay, PlanEntry } from './lib/trip-plan';
