import { INTEREST_IDS } from '@jammy/shared/interests';
import { isLanguage } from '@jammy/shared/languages';
import type { Me } from '@jammy/shared/account';
import { isPlaceholderEmail } from '../../auth/auth';
import type { UserRow } from './me.repository';

/** The traveller as the API shows them (never secrets, never the placeholder address). */
export function presentMe(row: UserRow): Me {
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
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
