import type { InboxProposal, ProposalValues } from '@jammy/shared/inbox';
import type { StoredProposal } from '../../db/schema/inbox';
import type { CodedBooking, TripSummary } from './inbox.repository';
import { dayOf } from './proposals';

/**
 * Which trip an item belongs to, and which of its bookings a traveller has already: pure rules
 * over the traveller's trips, so the list and the item read the same answer.
 */

/** A place this close to a stage's destination is in that stage (a city and its airport). */
const NEAR_KM = 100;

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLng = (b.lng - a.lng) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function points(values: ProposalValues): { lat: number; lng: number }[] {
  const found: { lat: number; lng: number }[] = [];
  if (values.fromLat !== null && values.fromLng !== null)
    found.push({ lat: values.fromLat, lng: values.fromLng });
  if (values.toLat !== null && values.toLng !== null)
    found.push({ lat: values.toLat, lng: values.toLng });
  return found;
}

/** The first and last day a trip covers: its own dates, else its stages'. */
function tripSpan(trip: TripSummary): { start: string; end: string } | null {
  const days = [
    trip.startDate,
    trip.endDate,
    ...trip.stages.flatMap((s) => [s.startDate, s.endDate]),
  ]
    .filter((day): day is string => !!day)
    .sort();
  const start = trip.startDate ?? days[0];
  const end = trip.endDate ?? days.at(-1) ?? start;
  return start && end ? { start, end } : null;
}

/**
 * The trip whose days hold the most of the proposals' days (one day either side: a flight out
 * the evening before); among equals, the one with a stage near the most of their places. Null
 * when no trip holds any of their days: the item is a new trip.
 */
export function matchingTrip(
  proposals: StoredProposal[],
  trips: TripSummary[],
): TripSummary | null {
  const wanted = proposals.filter((proposal) => proposal.status !== 'cancelled');
  let best: { trip: TripSummary; days: number; places: number } | null = null;
  for (const trip of trips) {
    const span = tripSpan(trip);
    if (!span) continue;
    const before = shift(span.start, -1);
    const after = shift(span.end, 1);
    let days = 0;
    let places = 0;
    for (const { values } of wanted) {
      const day = dayOf(values);
      if (day && day >= before && day <= after) days += 1;
      const near = points(values).some((point) =>
        trip.stages.some(
          (stage) =>
            stage.lat !== null &&
            stage.lng !== null &&
            distanceKm(point, { lat: stage.lat, lng: stage.lng }) <= NEAR_KM,
        ),
      );
      if (near) places += 1;
    }
    if (days === 0) continue;
    if (!best || days > best.days || (days === best.days && places > best.places)) {
      best = { trip, days, places };
    }
  }
  return best?.trip ?? null;
}

function shift(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The booking a proposal repeats: the same confirmation code (letter case aside) and the same
 * provider, when both name their carrier.
 */
export function duplicateOf(
  values: ProposalValues,
  bookings: CodedBooking[],
): InboxProposal['duplicateOf'] {
  const code = values.confirmationCode?.toUpperCase();
  if (!code) return null;
  const carrier = values.carrier?.trim().toLowerCase();
  const same = bookings.find(
    (candidate) =>
      candidate.confirmationCode.toUpperCase() === code &&
      (!carrier || !candidate.carrier || candidate.carrier.trim().toLowerCase() === carrier),
  );
  return same ? { bookingId: same.id, itineraryId: same.itineraryId, title: same.title } : null;
}
