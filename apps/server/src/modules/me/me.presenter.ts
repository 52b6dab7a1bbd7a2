import { INTEREST_IDS } from '@jammy/shared/interests';
import { isLanguage } from '@jammy/shared/languages';
import type { accountExportSchema, DeviceSession, Me } from '@jammy/shared/account';
import type { z } from 'zod';
import { isPlaceholderEmail } from '../../auth/auth';
import type { listActiveSessions, listSessions, listSignInMethods, UserRow } from './me.repository';

/**
 * The traveller as the API shows them (never secrets, never the placeholder address).
 * `secondFactorMissing` is only ever true in the session check: every other route is closed to
 * a traveller who lacks a required second factor (auth/second-factor-policy.ts).
 */
export function presentMe(row: UserRow, secondFactorMissing = false): Me {
  return {
    id: row.id,
    name: row.name,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    emailVerified: row.emailVerified,
    phoneNumber: row.phoneNumber,
    role: row.role,
    language: isLanguage(row.language) ? row.language : 'en',
    homePlace: row.homePlace,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    onboardedAt: row.onboardedAt?.toISOString() ?? null,
    // In catalogue order; an id a later release dropped is no longer shown.
    interests: INTEREST_IDS.filter((id) => row.interests.includes(id)),
    profileComplete: row.termsAcceptedAt !== null && row.name.trim() !== '',
    twoFactorEnabled: row.twoFactorEnabled,
    secondFactorMissing,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

type Rows<Query extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<Query>>;

/** A signed-in device (never its token); `current` for the one asking. */
export function presentDevice(
  row: Rows<typeof listActiveSessions>[number],
  currentSessionId: string,
): DeviceSession {
  return {
    id: row.id,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/** Everything Jammy holds about the account, as the export file holds it. */
export function presentAccountExport(
  row: UserRow,
  records: {
    signInMethods: Rows<typeof listSignInMethods>;
    sessions: Rows<typeof listSessions>;
  },
): z.infer<typeof accountExportSchema> {
  return {
    exportedAt: new Date().toISOString(),
    profile: presentMe(row),
    signInMethods: records.signInMethods.map((method) => ({
      providerId: method.providerId,
      createdAt: method.createdAt.toISOString(),
    })),
    sessions: records.sessions.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })),
  };
}
