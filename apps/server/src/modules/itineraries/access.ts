import type { Role } from '@jammy/shared/itineraries';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itinerary, itineraryMember } from '../../db/schema/itineraries';
import { AppError } from '../../lib/errors';

export type ItineraryRow = typeof itinerary.$inferSelect;

export interface Access {
  itinerary: ItineraryRow;
  role: Role;
}

/** Who may do what on an itinerary; every itinerary endpoint asks this first. */
export type Action = 'read' | 'write' | 'own';

const ALLOWED: Record<Action, ReadonlySet<Role>> = {
  read: new Set(['owner', 'editor', 'viewer']),
  write: new Set(['owner', 'editor']),
  own: new Set(['owner']),
};

/** The itinerary and the caller's role on it, in one query; null when they have none. */
export async function findAccess(
  db: Db,
  itineraryId: string,
  userId: string,
): Promise<Access | null> {
  const [row] = await db
    .select({ itinerary, role: itineraryMember.role })
    .from(itinerary)
    .innerJoin(
      itineraryMember,
      and(eq(itineraryMember.itineraryId, itinerary.id), eq(itineraryMember.userId, userId)),
    )
    .where(eq(itinerary.id, itineraryId));
  return row ?? null;
}

/**
 * The caller's access for `action`: a stranger gets 404 (the itinerary's existence is not
 * revealed), a member without the right 403. Trashed itineraries are only for their owner's
 * restore (`includeTrashed`).
 */
export async function authorize(
  db: Db,
  itineraryId: string,
  userId: string,
  action: Action,
  options: { includeTrashed?: boolean } = {},
): Promise<Access> {
  const access = await findAccess(db, itineraryId, userId);
  if (!access || (access.itinerary.deletedAt && !options.includeTrashed)) {
    throw new AppError('itinerary/not-found', 'There is no such itinerary');
  }
  if (!ALLOWED[action].has(access.role)) {
    throw new AppError(
      'auth/forbidden',
      action === 'own'
        ? 'Only the owner may do this'
        : 'You can view this itinerary but not change it',
    );
  }
  return access;
}
