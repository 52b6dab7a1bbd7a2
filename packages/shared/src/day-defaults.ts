// The defaults of a day's plan, without the opening hours' parser: forms and schemas read them.
import type { PlaceCategory } from './itinerary-limits';

/**
 * How long a visit lasts when the traveller gave no duration, in minutes, by the place's
 * category: a guess at what most visitors spend (a museum's rooms take longer than a look at a
 * sight). Stays and transport places are where the day starts, ends or passes: no visit.
 */
export const DEFAULT_VISIT_MINUTES: Readonly<Record<PlaceCategory, number>> = {
  sight: 60,
  museum: 120,
  food: 75,
  drink: 45,
  nature: 90,
  activity: 120,
  shopping: 60,
  lodging: 0,
  transport: 0,
  city: 120,
  other: 60,
};

/** When a day leaves its start, unless the traveller says otherwise. */
export const DEFAULT_DAY_START = '09:00';
/** The latest a day should end before the plan warns that it runs over. */
export const DEFAULT_DAY_END = '22:00';
