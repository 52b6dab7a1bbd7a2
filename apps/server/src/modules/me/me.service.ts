import type { UpdateMe } from '@jammy/shared/account';
import type { Session } from '@jammy/shared/session';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth';
import type { SecondFactorPolicy } from '../../auth/second-factor-policy';
import { toHeaders, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { presentMe } from './me.presenter';
import {
  deleteOtherSessions,
  deleteSession,
  deleteUser,
  findUser,
  listActiveSessions,
  listSessions,
  listSignInMethods,
  updateProfile,
  type ProfileChanges,
  type UserRow,
} from './me.repository';

/** Who is signed in by the request's session cookie: the answer of GET /api/session. */
export async function whoIsHere(
  deps: { db: Db; sessions: Sessions; secondFactor: SecondFactorPolicy },
  request: FastifyRequest,
): Promise<Session> {
  const current = await deps.sessions.find(request);
  const row = current ? await findUser(deps.db, current.user.id) : undefined;
  if (!current || !row) return { user: null };
  return { user: presentMe(row, await deps.secondFactor.missing(current.user)) };
}

/** The signed-in traveller's row; 401 when the account is gone since the session began. */
export async function currentUser(db: Db, userId: string): Promise<UserRow> {
  const row = await findUser(db, userId);
  if (!row) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return row;
}

/** 409 with the profile as it is now: it changed since the version the client sent. */
async function profileConflict(db: Db, id: string): Promise<AppError> {
  const current = await findUser(db, id);
  return new AppError('conflict', 'Your profile changed elsewhere; here is the current one', {
    current: current ? presentMe(current) : null,
  });
}

async function writeProfile(
  db: Db,
  row: UserRow,
  changes: ProfileChanges,
  version: number | undefined,
): Promise<UserRow> {
  const updated = await updateProfile(db, row.id, changes, version);
  if (!updated) throw await profileConflict(db, row.id);
  return updated;
}

/**
 * Changes the profile (never role or e-mail); terms and onboarding are stamped the first
 * time only. A stale `version` answers 409 with the profile as it is.
 */
export function updateMyProfile(
  db: Db,
  row: UserRow,
  input: UpdateMe,
  version: number | undefined,
): Promise<UserRow> {
  const changes: ProfileChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.language !== undefined) changes.language = input.language;
  if (input.homePlace !== undefined) changes.homePlace = input.homePlace || null;
  if (input.acceptTerms && !row.termsAcceptedAt) changes.termsAcceptedAt = new Date();
  if (input.onboarded && !row.onboardedAt) changes.onboardedAt = new Date();
  if (input.interests !== undefined) changes.interests = input.interests;
  return writeProfile(db, row, changes, version);
}

/** Replaces the traveller's interests. */
export function setMyInterests(
  db: Db,
  row: UserRow,
  interests: string[],
  version: number | undefined,
): Promise<UserRow> {
  return writeProfile(db, row, { interests }, version);
}

/** Deletes the account and everything of it. */
export function deleteMyAccount(db: Db, row: UserRow): Promise<void> {
  return deleteUser(db, row.id, row.email);
}

/** What the account export holds besides the profile: sign-in methods and sessions. */
export async function accountRecords(db: Db, userId: string) {
  const [signInMethods, sessions] = await Promise.all([
    listSignInMethods(db, userId),
    listSessions(db, userId),
  ]);
  return { signInMethods, sessions };
}

/** The traveller's devices that are still signed in. */
export function myDevices(db: Db, userId: string) {
  return listActiveSessions(db, userId);
}

/** Signs one of the traveller's devices out; 404 when it is not theirs (or gone). */
export async function signDeviceOut(db: Db, userId: string, sessionId: string): Promise<void> {
  if (!(await deleteSession(db, userId, sessionId))) {
    throw new AppError('session/not-found', 'There is no such session of yours');
  }
}

/** Signs every device but this one out; answers how many. */
export function signOtherDevicesOut(db: Db, userId: string, keepId: string): Promise<number> {
  return deleteOtherSessions(db, userId, keepId);
}

/** Sets a first password; 409 when the account has one already (it is changed instead). */
export async function setFirstPassword(
  auth: Auth,
  request: FastifyRequest,
  newPassword: string,
): Promise<void> {
  try {
    await auth.api.setPassword({ body: { newPassword }, headers: toHeaders(request) });
  } catch (error) {
    // better-auth refuses when the account already has a password: change it instead.
    throw new AppError('conflict', 'This account already has a password: change it instead', {
      cause: error instanceof Error ? error.message : undefined,
    });
  }
}
