import { createHmac } from 'node:crypto';
import {
  CONTACT_LIMITS,
  type ContactMessage,
  type ContactReply,
  type ContactRequest,
  type ContactStatus,
} from '@jammy/shared/contact';
import { DEFAULT_LANGUAGE } from '@jammy/shared/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import type { Mailer } from '../../mail/mailer';
import { operatorMail, replyMail } from './contact-mail';
import { presentMessage, presentReply } from './contact.presenter';
import {
  findContactMessage,
  insertContactMessage,
  insertContactReply,
  listContactMessages,
  repliesOf,
  setContactStatus,
  type ContactMessageRow,
} from './contact.repository';

/** What the contact service needs: where messages are stored and who is told of them. */
export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  /** CONTACT_EMAIL, else the admins: who is mailed a new message. */
  contactEmails: readonly string[];
  adminEmails: ReadonlySet<string>;
  /** Where the app is reached: the operator's mail links to the answer page. */
  baseUrl: URL;
  /** Keys the hash of a sender's address, so the rate limit never stores it. */
  sessionSecret: string;
}

/** Why a message looks like a robot's, or null for a person's. */
function spamReason(input: ContactRequest): 'honeypot' | 'too-fast' | null {
  if (input.website) return 'honeypot';
  if (input.fillMs === undefined || input.fillMs < CONTACT_LIMITS.minFillMs) return 'too-fast';
  return null;
}

const LIMIT_MESSAGES = {
  email: 'This e-mail address has sent several messages in the last hour: try again later',
  account: 'Your account has sent several messages in the last hour: try again later',
  client: 'Several messages came from your connection in the last hour: try again later',
} as const;

async function notifyOperator(deps: ContactDeps, row: ContactMessageRow, log: FastifyBaseLogger) {
  const to = deps.contactEmails.length > 0 ? [...deps.contactEmails] : [...deps.adminEmails];
  if (to.length === 0) {
    log.info({ messageId: row.id }, 'contact message stored (no CONTACT_EMAIL or admin)');
    return;
  }
  try {
    await deps.mailer.send(operatorMail(row, to, deps.baseUrl));
  } catch (error) {
    // The message is stored and shown to admins: a mail server's failure loses nothing.
    log.warn({ err: error, messageId: row.id }, 'contact message not mailed');
  }
}

/**
 * Stores a message (429 past a sender's share of the window) and mails the operator; a
 * suspected robot gets the same answer, but no mail goes out.
 */
export async function submitMessage(
  deps: ContactDeps,
  sender: { userId: string | null; ip: string },
  input: ContactRequest,
  log: FastifyBaseLogger,
): Promise<ContactMessageRow> {
  const reason = spamReason(input);
  const stored = await insertContactMessage(deps.db, {
    userId: sender.userId,
    name: input.name,
    email: input.email,
    topic: input.topic,
    message: input.message,
    language: input.language ?? DEFAULT_LANGUAGE,
    status: reason ? 'spam' : 'open',
    spamReason: reason,
    clientHash: createHmac('sha256', deps.sessionSecret).update(sender.ip).digest('hex'),
  });
  if ('limited' in stored) {
    throw new AppError('request/rate-limited', LIMIT_MESSAGES[stored.limited], undefined, {
      retryAfterSeconds: CONTACT_LIMITS.windowMinutes * 60,
    });
  }
  if (!reason) await notifyOperator(deps, stored.row, log);
  return stored.row;
}

/** A page of messages of one status, newest first, with their answers. */
export async function listMessages(
  db: Db,
  query: { status: ContactStatus; cursor?: string | undefined; limit: number },
): Promise<{ items: ContactMessage[]; nextCursor: string | null }> {
  const page = await listContactMessages(db, query);
  return {
    items: page.rows.map((row) => presentMessage(row, page.replies)),
    nextCursor: page.nextCursor,
  };
}

async function messageOr404(db: Db, id: string): Promise<ContactMessageRow> {
  const row = await findContactMessage(db, id);
  if (!row) throw new AppError('contact/not-found', 'There is no such contact message');
  return row;
}

/** Mails an admin's answer and records it once the mail server took it (503 otherwise). */
export async function answerMessage(
  deps: ContactDeps,
  admin: { id: string; email: string },
  messageId: string,
  body: string,
  log: FastifyBaseLogger,
): Promise<ContactReply> {
  const message = await messageOr404(deps.db, messageId);
  try {
    await deps.mailer.send(replyMail(message, body));
  } catch (error) {
    log.warn({ err: error, messageId: message.id }, 'contact reply not sent');
    throw new AppError(
      'mail/unavailable',
      'The mail server did not take the answer: send it again later',
    );
  }
  const row = await insertContactReply(deps.db, {
    messageId: message.id,
    authorId: admin.id,
    authorEmail: admin.email,
    body,
  });
  return presentReply(row);
}

/** Marks a message handled, open or spam; a stale `version` answers 409 with the message. */
export async function setMessageStatus(
  db: Db,
  adminId: string,
  messageId: string,
  change: { status: ContactStatus; version: number },
): Promise<ContactMessage> {
  const updated = await setContactStatus(db, { id: messageId, ...change, adminId });
  if (updated) return presentMessage(updated, await repliesOf(db, [updated.id]));
  const current = await messageOr404(db, messageId);
  throw conflict(presentMessage(current, await repliesOf(db, [current.id])));
}
