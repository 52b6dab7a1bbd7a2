import { z } from 'zod';
import { versionSchema } from './fields';
import { idSchema } from './ids';
import { LANGUAGES } from './languages';
import { emailSchema, textSchema } from './text';

/** What a contact message is about (the form's topic choice). */
export const CONTACT_TOPICS = [
  'question',
  'account',
  'sharing',
  'privacy',
  'shop',
  'bug',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Limits of the contact form, shared by the form and the server. */
export const CONTACT_LIMITS = {
  name: 100,
  message: 5000,
  /** A message shorter than this says nothing an admin can answer. */
  messageMin: 10,
  reply: 5000,
  /** Messages accepted from one e-mail address, one account or one client address per window. */
  perEmail: 3,
  perAccount: 5,
  perClient: 10,
  windowMinutes: 60,
  /**
   * A person needs at least this long to fill the form; a faster one is kept as suspected
   * spam (never lost, never mailed), and the sender is told nothing different.
   */
  minFillMs: 3000,
} as const;

/** Handled and suspected messages are deleted this many days after they arrived. */
export const CONTACT_RETENTION_DAYS = 365;

/** The contact form as sent (POST /api/contact). */
export const contactRequestSchema = z.strictObject({
  name: textSchema({ max: CONTACT_LIMITS.name, required: true }),
  email: emailSchema(),
  topic: z.enum(CONTACT_TOPICS, `must be one of ${CONTACT_TOPICS.join(', ')}`),
  message: textSchema({ max: CONTACT_LIMITS.message, required: true, multiline: true }).refine(
    (value) => [...value].length >= CONTACT_LIMITS.messageMin,
    `must be at least ${CONTACT_LIMITS.messageMin} characters`,
  ),
  consent: z.literal(true, 'must be accepted'),
  /** The language the sender reads: the answer is written in it. */
  language: z.enum(LANGUAGES).optional(),
  /** A field people never see; whatever fills it is a robot. */
  website: textSchema({ max: 200 }).optional(),
  /** Milliseconds between showing the form and sending it. */
  fillMs: z.number().int().min(0).max(604_800_000).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** The answer to a sent message: the same for every sender, kept or suspected. */
export const contactReceiptSchema = z.object({
  id: idSchema,
  receivedAt: z.string(),
});
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

export const CONTACT_STATUSES = ['open', 'handled', 'spam'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const contactReplySchema = z.object({
  id: idSchema,
  body: z.string(),
  createdAt: z.string(),
  authorEmail: z.string().nullable(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

/** A contact message as admins read it, with the answers sent so far. */
export const contactMessageSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  language: z.enum(LANGUAGES),
  /** The sender's account when they were signed in (null once it is deleted). */
  userId: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  /** Why it was kept as suspected spam: the hidden field was filled, or it came too fast. */
  spamReason: z.enum(['honeypot', 'too-fast']).nullable(),
  handledAt: z.string().nullable(),
  version: z.number().int(),
  replies: z.array(contactReplySchema),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListQuerySchema = z.strictObject({
  status: z.enum(CONTACT_STATUSES).default('open'),
  cursor: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const contactReplyRequestSchema = z.strictObject({
  body: textSchema({ max: CONTACT_LIMITS.reply, required: true, multiline: true }),
});

export const contactUpdateSchema = z.strictObject({
  status: z.enum(CONTACT_STATUSES),
  version: versionSchema,
});
