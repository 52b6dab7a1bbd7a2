import { DEFAULT_LANGUAGE, isLanguage, localizePath } from '@jammy/shared/languages';
import { INVITATION_QUERY_PARAM } from '@jammy/shared/sharing';
import { mailMessages, renderMail, type RenderedMail } from './templates';

/** Who the mail names: the invitee when they have an account, and who invites. */
export interface InvitationPeople {
  invitee: { name: string; language: string } | undefined;
  inviter: { name: string; email: string; language: string } | undefined;
}

/**
 * The invitation to an itinerary, in the invitee's language when they have an account, else
 * the inviter's. Its link (`/itineraries?invitation=<token>`) lands in the invitee's language
 * only when that is known to be theirs.
 */
export function invitationMail(
  input: InvitationPeople & {
    /** The origin the link opens (PUBLIC_URL's). */
    origin: string;
    token: string;
    role: 'editor' | 'viewer';
    itineraryTitle: string;
  },
): RenderedMail {
  const { invitee, inviter } = input;
  const language = [invitee?.language, inviter?.language].find(isLanguage) ?? DEFAULT_LANGUAGE;
  const path = localizePath(
    '/itineraries',
    invitee && isLanguage(invitee.language) ? invitee.language : DEFAULT_LANGUAGE,
  );
  return renderMail('invitation', {
    language,
    name: invitee?.name,
    url: `${input.origin}${path}?${INVITATION_QUERY_PARAM}=${input.token}`,
    values: {
      inviter: inviter?.name || inviter?.email || 'Jammy',
      itinerary: input.itineraryTitle,
      role: mailMessages(language).roles[input.role],
    },
  });
}
