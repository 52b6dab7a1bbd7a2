export { layovers } from './booking-length';
export type { Layover } from './booking-length';
export { formatDayHeading, referenceZone } from './booking-time';
export { LayoverNote, useLengthText } from './components/leg-notes';
export { TimelineBooking } from './components/timeline-booking';
export { TripBookings } from './components/trip-bookings';
export { bookingMoments, looseDays, mergeByTime, planStages } from './trip-plan';
export type { BookingMoment, LooseDay, PlanEntry } from './trip-plan';
