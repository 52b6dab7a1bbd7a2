import { createHmac } from 'node:crypto';
import {
  CONTACT_LIMITS,
  contactListQuerySchema,
  contactMessageSchema,
  contactReceiptSchema,
  contactReplyRequestSchema,
  contactReplySchema,
  contactRequestSchema,
  contactUpdateSchema,
  type ContactMessage,
  type ContactReply,
  type ContactRequest,
} from '@jammy/shared/contact';
import { pageSchema } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import { DEFAULT_LANGUAGE, isLanguage } from '@jammy/shared/languages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, type Sessions } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PUBLIC, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { escapeHtml } from '../../lib/html';
import type { Mailer } from '../../mail/mailer';
import { mailMessages } from '../../mail/templates';
import {
  findContactMessage,
  insertContactMessage,
  insertContactReply,
  listContactMessages,
  repliesOf,
  setContactStatus,
  type ContactMessageRow,
  type ContactReplyRow,
} from './contact.repository';

export interface ContactDeps {
  db: Db;
  sessions: Sessions;
  mailer: Mailer;
  config: Config;
  sessionSecret: string;
}

const messageParams = z.object({ messageId: idSchema });

function presentReply(row: ContactReplyRow): ContactReply {
  return {
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    authorEmail: row.authorEmail,
  };
}

function presentMessage(row: ContactMessageRow, replyRows: ContactReplyRow[]): ContactMessage {
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

function paragraphsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The contact form (public, rate limited, robots kept aside quietly) and its admin side:
 * read the messages, answer by mail, mark them handled.
 */
export function contactRoutes(root: FastifyInstance, deps: ContactDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, mailer, config } = deps;
  const recipients = () =>
    config.contactEmails.length > 0 ? [...config.contactEmails] : [...config.adminEmails];

  async function notifyOperator(row: ContactMessageRow, log: FastifyInstance['log']) {
    const to = recipients();
    if (to.length === 0) {
      log.info({ messageId: row.id }, 'contact message stored (no CONTACT_EMAIL or admin)');
      return;
    }
    const answerAt = new URL('/account#contact', config.baseUrl).toString();
    const text = [
      `${row.name} <${row.email}> wrote (topic: ${row.topic}, language: ${row.language}):`,
      '',
      row.message,
      '',
      `Answer and mark it handled at ${answerAt}`,
    ].join('\n');
    try {
      await mailer.send({
        to: to.join(', '),
        replyTo: row.email,
        subject: `[Jammy contact] ${row.topic}: ${row.name}`,
        text,
        html: paragraphsHtml(text),
      });
    } catch (error) {
      // The message is stored and shown to admins: a mail server's failure loses nothing.
      log.warn({ err: error, messageId: row.id }, 'contact message not mailed');
    }
  }

  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the people who run this installation',
        ...PUBLIC,
        body: contactRequestSchema,
        response: replies({ 201: contactReceiptSchema }, [429]),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const current = await sessions.find(request);
      const reason = spamReason(input);
      const stored = await insertContactMessage(db, {
        userId: current?.user.id ?? null,
        name: input.name,
        email: input.email,
        topic: input.topic,
        message: input.message,
        language: input.language ?? DEFAULT_LANGUAGE,
        status: reason ? 'spam' : 'open',
        spamReason: reason,
        clientHash: createHmac('sha256', deps.sessionSecret).update(request.ip).digest('hex'),
      });
      if ('limited' in stored) {
        throw new AppError('request/rate-limited', LIMIT_MESSAGES[stored.limited], undefined, {
          retryAfterSeconds: CONTACT_LIMITS.windowMinutes * 60,
        });
      }
      // A suspected robot learns nothing: the same answer, but no mail goes out.
      if (!reason) await notifyOperator(stored.row, request.log);
      return reply
        .status(201)
        .send({ id: stored.row.id, receivedAt: stored.row.createdAt.toISOString() });
    },
  );

  const tags = ['admin'];
  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags,
        summary: 'Contact messages of one status, newest first (admins)',
        querystring: contactListQuerySchema,
        response: replies({ 200: pageSchema(contactMessageSchema) }, [401, 403]),
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      const page = await listContactMessages(db, request.query);
      return {
        items: page.rows.map((row) => presentMessage(row, page.replies)),
        nextCursor: page.nextCursor,
      };
    },
  );

  async function messageOr404(id: string): Promise<ContactMessageRow> {
    const row = await findContactMessage(db, id);
    if (!row) throw new AppError('contact/not-found', 'There is no such contact message');
    return row;
  }

  app.post(
    '/api/admin/contact-messages/:messageId/replies',
    {
      schema: {
        tags,
        summary: 'Answer a contact message by mail (admins); the answer is recorded',
        params: messageParams,
        body: contactReplyRequestSchema,
        response: replies({ 201: contactReplySchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(sessions, request);
      const message = await messageOr404(request.params.messageId);
      const words = mailMessages(message.language).contactReply;
      const quoted = message.message
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      const text = [request.body.body, '', words.youWrote, quoted].join('\n');
      try {
        await mailer.send({
          to: message.email,
          subject: words.subject,
          text,
          html: `${paragraphsHtml(request.body.body)}\n<p>${escapeHtml(words.youWrote)}</p>\n<blockquote>${paragraphsHtml(message.message)}</blockquote>`,
        });
      } catch (error) {
        request.log.warn({ err: error, messageId: message.id }, 'contact reply not sent');
        throw new AppError(
          'mail/unavailable',
          'The mail server did not take the answer: send it again later',
        );
      }
      const row = await insertContactReply(db, {
        messageId: message.id,
        authorId: admin.user.id,
        authorEmail: admin.user.email,
        body: request.body.body,
      });
      return reply.status(201).send(presentReply(row));
    },
  );

  app.patch(
    '/api/admin/contact-messages/:messageId',
    {
      schema: {
        tags,
        summary: 'Mark a contact message handled, open again, or as spam (admins)',
        params: messageParams,
        body: contactUpdateSchema,
        response: replies({ 200: contactMessageSchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const admin = await requireAdmin(sessions, request);
      const updated = await setContactStatus(db, {
        id: request.params.messageId,
        status: request.body.status,
        version: request.body.version,
        adminId: admin.user.id,
      });
      if (updated) return presentMessage(updated, await repliesOf(db, [updated.id]));
      const current = await messageOr404(request.params.messageId);
      throw conflict(presentMessage(current, await repliesOf(db, [current.id])));
    },
  );
}
