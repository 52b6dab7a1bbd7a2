import {
  contactListQuerySchema,
  contactMessageSchema,
  contactReceiptSchema,
  contactReplyRequestSchema,
  contactReplySchema,
  contactRequestSchema,
  contactUpdateSchema,
} from '@jammy/shared/contact';
import { pageSchema } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, type Sessions } from '../../auth/session';
import { PUBLIC, replies } from '../../lib/contract';
import { presentReceipt } from './contact.presenter';
import {
  answerMessage,
  listMessages,
  setMessageStatus,
  submitMessage,
  type ContactDeps,
} from './contact.service';

const messageParams = z.object({ messageId: idSchema });

/**
 * The contact form (public, rate limited, robots kept aside quietly) and its admin side:
 * read the messages, answer by mail, mark them handled.
 */
export function contactRoutes(root: FastifyInstance, deps: ContactDeps & { sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

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
      const current = await sessions.find(request);
      const row = await submitMessage(
        deps,
        { userId: current?.user.id ?? null, ip: request.ip },
        request.body,
        request.log,
      );
      return reply.status(201).send(presentReceipt(row));
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
      return listMessages(db, request.query);
    },
  );

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
      const answer = await answerMessage(
        deps,
        { id: admin.user.id, email: admin.user.email },
        request.params.messageId,
        request.body.body,
        request.log,
      );
      return reply.status(201).send(answer);
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
      return setMessageStatus(db, admin.user.id, request.params.messageId, {
        status: request.body.status,
        version: request.body.version,
      });
    },
  );
}
