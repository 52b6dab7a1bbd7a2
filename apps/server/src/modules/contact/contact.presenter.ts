import {
  contactMessageSchema,
  type ContactMessage,
  type ContactReceipt,
  type ContactReply,
} from '@jammy/shared/contact';
import { DEFAULT_LANGUAGE, isLanguage } from '@jammy/shared/languages';
import type { ContactMessageRow, ContactReplyRow } from './contact.repository';

/** An admin's answer to a contact message. */
export function presentReply(row: ContactReplyRow): ContactReply {
  return {
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    authorEmail: row.authorEmail,
  };
}

/** A contact message with its answers (those of `replyRows` that answer it). */
export function presentMessage(
  row: ContactMessageRow,
  replyRows: ContactReplyRow[],
): ContactMessage {
  return contactMessageSchema.parse({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    topic: row.topic,
    message: row.message,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    userId: row.userId,
    status: row.status,
    spamReason: row.spamReason,
    handledAt: row.handledAt?.toISOString() ?? null,
    version: row.version,
    replies: replyRows.filter((reply) => reply.messageId === row.id).map(presentReply),
  });
}

/** What the sender is told: the message is stored (the same for a suspected robot). */
export function presentReceipt(row: ContactMessageRow): ContactReceipt {
  return { id: row.id, receivedAt: row.createdAt.toISOString() };
}
