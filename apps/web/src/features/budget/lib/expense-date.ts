/** A day as `YYYY-MM-DD` in this device's own calendar (not UTC's: late evening stays today). */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The day a new expense starts on: a day of the trip. Today while the trip is under way (or
 * when it has no dates); otherwise its first day, before it as after it, since an expense
 * recorded then is most often a booking or a deposit for the trip.
 */
export function defaultExpenseDate(
  trip: { startDate: string | null; endDate: string | null },
  today: string,
): string {
  const first = trip.startDate ?? trip.endDate;
  if (!first) return today;
  const last = trip.endDate ?? trip.startDate ?? first;
  return today >= first && today <= last ? today : first;
}
