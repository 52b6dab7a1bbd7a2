import { z } from 'zod';
import { BOOKING_KINDS, bookingSchema, updateBookingSchema } from './bookings';
import { instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { LIMITS } from './itinerary-limits';
import { textSchema } from './text';

/**
 * The booking inbox (issue 35): confirmations a traveller forwards, uploads or pastes land as
 * items of their own inbox, each with the bookings found in it (proposals), every value with
 * where it was read. Nothing changes a trip until the traveller accepts an item, except an
 * update or cancellation of a booking that came from the inbox, which is applied at once and
 * can be undone. Items are their traveller's alone.
 */

export const INBOX_LIMITS = {
  /** The largest file an upload or a mail may be. */
  uploadBytes: 10 * 1024 * 1024,
  /** Pasted text, in characters. */
  pastedCharacters: 20_000,
  /** Items one inbox holds (accepted ones included, until deleted). */
  items: 200,
  /** Items that may arrive in an inbox in one hour. */
  perHour: 60,
  /** Proposals one item carries. */
  proposals: 100,
} as const;

export const INBOX_ORIGINS = ['upload', 'paste', 'mail'] as const;
export type InboxOrigin = (typeof INBOX_ORIGINS)[number];

/** Where a value was read; `edited` when the traveller changed it. */
export const INBOX_SOURCE_KINDS = [
  'json-ld',
  'microdata',
  'wallet-pass',
  'boarding-pass-barcode',
  'airport-table',
  'calendar',
  'kitinerary',
  'text',
  'edited',
] as const;

/**
 * Who sent an item: the traveller themselves (an upload, a paste), a mail from one of their
 * verified addresses that DKIM, SPF and DMARC vouch for, or a mail kept aside (another
 * sender, or one the checks do not vouch for): shown, never applied by itself.
 */
export const SENDER_CHECKS = ['traveller', 'verified', 'kept-aside'] as const;
export type SenderCheck = (typeof SENDER_CHECKS)[number];

export const PROPOSAL_STATUSES = ['confirmed', 'cancelled', 'modified'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const inboxSourceSchema = z.object({
  kind: z.enum(INBOX_SOURCE_KINDS),
  /** The property path, pass key or line ("reservationFor.departureTime", "line 4"). */
  at: z.string(),
});
export type InboxSource = z.infer<typeof inboxSourceSchema>;

/** A proposal's values: a booking's fields, null where nothing was found. */
export const proposalValuesSchema = bookingSchema
  .pick({
    title: true,
    carrier: true,
    number: true,
    fromName: true,
    fromLat: true,
    fromLng: true,
    toName: true,
    toLat: true,
    toLng: true,
    startAt: true,
    startZone: true,
    endAt: true,
    endZone: true,
    startDate: true,
    endDate: true,
    confirmationCode: true,
    address: true,
    costMinor: true,
    currency: true,
    url: true,
  })
  .extend({ title: z.string().nullable(), notes: z.string() });
export type ProposalValues = z.infer<typeof proposalValuesSchema>;

const linkedBookingSchema = z.object({
  bookingId: idSchema,
  itineraryId: idSchema,
  title: z.string(),
});

/** One booking found in an item, as it would be made. */
export const inboxProposalSchema = z.object({
  kind: z.enum(BOOKING_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  values: proposalValuesSchema,
  /** Where each found value was read, by field name. */
  sources: z.record(z.string(), inboxSourceSchema),
  /** A booking of the traveller's trips with the same confirmation code and provider. */
  duplicateOf: linkedBookingSchema.nullable(),
  /** The change this update or cancellation made to a booking that came from the inbox. */
  applied: linkedBookingSchema
    .extend({ action: z.enum(['updated', 'cancelled']), undone: z.boolean() })
    .nullable(),
});
export type InboxProposal = z.infer<typeof inboxProposalSchema>;

const clueSchema = z.object({ value: z.string(), source: inboxSourceSchema });

export const inboxItemSchema = z.object({
  id: idSchema,
  origin: z.enum(INBOX_ORIGINS),
  fileName: z.string().nullable(),
  /** The sender as the mail states it. */
  from: z.string().nullable(),
  senderCheck: z.enum(SENDER_CHECKS),
  /** Why a mail was kept aside ("not one of your verified addresses", "DMARC: fail"). */
  senderCheckReason: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: instantSchema,
  state: z.enum(['new', 'accepted']),
  /** The text of the mail or paste, shown as text (never HTML). */
  text: z.string(),
  /** What could not be read ("JSON-LD block 1: not JSON"). */
  problems: z.array(z.string()),
  clues: z.object({
    dates: z.array(clueSchema),
    times: z.array(clueSchema),
    codes: z.array(clueSchema),
    airports: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        lat: z.number(),
        lng: z.number(),
        zone: z.string(),
        source: inboxSourceSchema,
      }),
    ),
  }),
  proposals: z.array(inboxProposalSchema),
  /** Files kept with the item (PDFs, pictures), in the traveller's storage. */
  attachments: z.array(
    z.object({
      name: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      path: z.string(),
    }),
  ),
  /**
   * The trip the item goes to: the one the traveller chose (`chosen`), else the one its dates
   * and places match; null for a new trip.
   */
  trip: z
    .object({
      itineraryId: idSchema,
      title: z.string(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      chosen: z.boolean(),
    })
    .nullable(),
  /** Where it went when accepted, and the bookings it made. */
  acceptedInto: z.object({ itineraryId: idSchema, bookingIds: z.array(idSchema) }).nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  version: z.number().int(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxItemParams = z.object({ inboxItemId: idSchema });

/** Pasted text becomes an item as a file would. */
export const pasteInboxSchema = z.strictObject({
  text: textSchema({ max: INBOX_LIMITS.pastedCharacters, required: true, multiline: true }),
});

/** Not strict: a share link's `?share=` opens no inbox (401 without a session). */
export const inboxUploadQuery = z.object({
  /** The file's name, shown with the item. */
  name: textSchema({ max: 200 }).optional(),
});

/** A proposal as the traveller corrected it: a booking's fields, each optional. */
export const proposalEditSchema = updateBookingSchema
  .omit({ version: true, stageId: true, placeId: true })
  .extend({ kind: z.enum(BOOKING_KINDS) });
export type ProposalEdit = z.input<typeof proposalEditSchema>;

export const updateInboxItemSchema = z.strictObject({
  version: versionSchema.optional(),
  /** Move: the trip it goes to (one the traveller may edit), or null for a new trip. */
  itineraryId: idSchema.nullable().optional(),
  /** The proposals as corrected, one for each of the item's, in order. */
  proposals: z.array(proposalEditSchema).max(INBOX_LIMITS.proposals).optional(),
});
export type UpdateInboxItem = z.input<typeof updateInboxItemSchema>;

export const acceptInboxItemSchema = z.strictObject({
  version: versionSchema.optional(),
  /** Into this trip; without it, the item's trip; with `newTrip`, a new one. */
  itineraryId: idSchema.optional(),
  newTrip: z.strictObject({ title: textSchema({ max: LIMITS.title, required: true }) }).optional(),
  /** Which proposals become bookings (indexes): by default every one not cancelled or applied. */
  proposals: z.array(z.number().int().min(0)).min(1).max(INBOX_LIMITS.proposals).optional(),
});
export type AcceptInboxItem = z.input<typeof acceptInboxItemSchema>;

/** The traveller's forwarding address, and what mail to it is taken from. */
export const inboxAddressSchema = z.object({
  address: z.string(),
  /** Mail from these (the account's verified address) is believed when DKIM/SPF/DMARC agree. */
  verifiedSenders: z.array(z.string()),
  /** Whether this installation receives mail at all (SMTP listener or IMAP polling). */
  receiving: z.boolean(),
});
export type InboxAddress = z.infer<typeof inboxAddressSchema>;
