import {
  acceptInboxItemSchema,
  inboxAddressSchema,
  INBOX_LIMITS,
  inboxItemParams,
  inboxItemSchema,
  inboxUploadQuery,
  pasteInboxSchema,
  updateInboxItemSchema,
} from '@jammy/shared/inbox';
import { pageSchema } from '@jammy/shared/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { InboxConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Notifications } from '../../events/notifications';
import { answerOf, noContent, replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { expectedVersion } from '../../lib/versions';
import type { Storage } from '../files/storage.service';
import { acceptItem } from './accept.service';
import { addressTokenOf, rotateAddressToken, verifiedSendersOf } from './addresses.repository';
import { createInboxStreams } from './inbox-events';
import {
  changeItem,
  clearInbox,
  dismissItem,
  presented,
  readItem,
  readItems,
  receive,
  undoItem,
} from './inbox.service';
import { INBOX_MEDIA_TYPES, readPaste, readUpload, withKitinerary } from './intake';
import { forwardingAddress, startMailIntake } from './mail-listeners';

const tags = ['inbox'];
/** What the traveller sends from the app is their own: nothing to check. */
const TRAVELLER = { check: 'traveller', reason: null } as const;
// Not strict: a share link's `?share=` opens no inbox, and the route answers 401 for it.
const pageQuery = z.object({
  cursor: z.string().uuid('must be an item id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
const MEGABYTES = INBOX_LIMITS.uploadBytes / 1024 / 1024;
const TOO_LARGE = `The file is larger than ${MEGABYTES} MB, the most the inbox takes`;
const FILE_BODY =
  'The file is the request body, sent with its media type: message/rfc822 (a mail, .eml), ' +
  'application/vnd.apple.pkpass (a wallet pass), application/pdf, text/calendar (.ics, read ' +
  'as the imports read it), text/plain; application/octet-stream is read by its first bytes. ' +
  `At most ${MEGABYTES} MB (413 above). PDFs and pictures a mail carries are kept in the ` +
  "traveller's files and count against their quota. An inbox holds at most " +
  `${INBOX_LIMITS.items} items (409 inbox/full) and takes at most ${INBOX_LIMITS.perHour} an hour (429).`;

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * /api/inbox: the traveller's booking inbox (issue 35). Every item is its traveller's alone:
 * anybody else asking for one gets 404, as for an item that does not exist.
 */
export async function inboxRoutes(
  root: FastifyInstance,
  deps: {
    db: Db;
    sessions: Sessions;
    storage: Storage;
    bucket: string;
    notifications: Notifications;
    inbox: InboxConfig;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const streams = createInboxStreams(deps.notifications);
  root.addHook('preClose', async () => streams.close());
  startMailIntake(root, deps);
  const addressOf = async (userId: string, token: string) => ({
    address: forwardingAddress(deps.inbox, token),
    verifiedSenders: await verifiedSendersOf(db, userId),
    receiving: deps.inbox.smtp !== undefined || deps.inbox.imap !== undefined,
  });
  const itemAnswer = replies({ 200: inboxItemSchema }, [401, 404]);

  app.get(
    '/api/inbox',
    {
      schema: {
        tags,
        summary: 'My inbox: the items newest first, each with its trip and duplicates',
        querystring: pageQuery,
        response: replies({ 200: pageSchema(inboxItemSchema) }, [401]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return readItems(db, user.id, request.query);
    },
  );

  app.delete(
    '/api/inbox',
    {
      schema: {
        tags,
        summary: 'Delete my whole inbox and its files (bookings made from it stay)',
        response: replies({ 204: noContent }, [401]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      await clearInbox(deps, user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/inbox/address',
    {
      schema: {
        tags,
        summary: 'My forwarding address, and the senders whose mail to it is believed',
        response: replies({ 200: inboxAddressSchema }, [401]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return addressOf(user.id, await addressTokenOf(db, user.id));
    },
  );

  app.post(
    '/api/inbox/address/rotate',
    {
      schema: {
        tags,
        summary: 'A new forwarding address: mail to the old one is refused from now on',
        response: replies({ 200: inboxAddressSchema }, [401]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return addressOf(user.id, await rotateAddressToken(db, user.id));
    },
  );

  app.get(
    '/api/inbox/events',
    {
      compress: false,
      schema: {
        tags,
        summary: 'Items arriving in my inbox (Server-Sent Events: inbox.item with the id)',
        response: replies(
          { 200: answerOf('text/event-stream', 'A stream of inbox.item events') },
          [401],
        ),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      reply.hijack();
      const response = reply.raw;
      const set = Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value] as const],
      );
      response.writeHead(200, {
        // The headers set so far (security headers, request id) go out with the stream's own.
        ...Object.fromEntries(set),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 2000\n: connected\n\n');
      let open = true;
      const remove = streams.add(user.id, {
        write: (chunk) => {
          if (open) response.write(chunk);
        },
        end: () => response.end(),
      });
      response.once('close', () => {
        open = false;
        remove();
      });
    },
  );

  app.post(
    '/api/inbox/text',
    {
      schema: {
        tags,
        summary: 'Paste a confirmation: it becomes an item of my inbox',
        body: pasteInboxSchema,
        response: replies({ 201: inboxItemSchema }, [401, 409, 429]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const row = await receive(deps, user.id, await readPaste(request.body.text), TRAVELLER);
      return reply.status(201).send(await presented(db, user.id, row));
    },
  );

  await root.register(async (scope) => {
    const files = scope.withTypeProvider<ZodTypeProvider>();
    // In this scope bodies are the file's bytes, whatever their media type says.
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(
      [...INBOX_MEDIA_TYPES],
      { parseAs: 'buffer', bodyLimit: INBOX_LIMITS.uploadBytes },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > INBOX_LIMITS.uploadBytes) throw new AppError('request/too-large', TOO_LARGE);
    });
    scope.addHook('preValidation', async (request) => {
      const type = mediaTypeOf(request);
      if (type !== '' && !(INBOX_MEDIA_TYPES as readonly string[]).includes(type)) {
        throw new AppError(
          'request/unsupported-media-type',
          `The inbox takes ${INBOX_MEDIA_TYPES.join(', ')}`,
        );
      }
    });

    files.post(
      '/api/inbox/items',
      {
        bodyLimit: INBOX_LIMITS.uploadBytes,
        schema: {
          tags,
          summary: 'Upload a confirmation (mail, PDF, wallet pass, calendar, text) to my inbox',
          description: FILE_BODY,
          querystring: inboxUploadQuery,
          response: replies({ 201: inboxItemSchema }, [401, 409, 413, 415, 429]),
        },
      },
      async (request, reply) => {
        const { user } = await requireSession(sessions, request);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw invalidField('file', 'is missing: send the file as the request body');
        }
        const arrival = await withKitinerary(
          await readUpload(mediaTypeOf(request), request.query.name ?? null, body),
          body,
          deps.inbox.kitineraryPath,
        );
        const row = await receive(deps, user.id, arrival, TRAVELLER);
        return reply.status(201).send(await presented(db, user.id, row));
      },
    );
  });

  app.get(
    '/api/inbox/items/:inboxItemId',
    {
      schema: {
        tags,
        summary: 'One item of my inbox: what was found, from where, its trip and duplicates',
        params: inboxItemParams,
        response: itemAnswer,
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return presented(db, user.id, await readItem(db, user.id, request.params.inboxItemId));
    },
  );

  app.patch(
    '/api/inbox/items/:inboxItemId',
    {
      schema: {
        tags,
        summary: 'Edit an item before accepting it: move it to a trip, correct its bookings',
        params: inboxItemParams,
        body: updateInboxItemSchema,
        response: replies({ 200: inboxItemSchema }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const version = expectedVersion(request, request.body.version);
      const row = await changeItem(db, user.id, request.params.inboxItemId, {
        ...request.body,
        version,
      });
      return presented(db, user.id, row);
    },
  );

  app.delete(
    '/api/inbox/items/:inboxItemId',
    {
      schema: {
        tags,
        summary: 'Dismiss an item (it and its files go)',
        params: inboxItemParams,
        response: replies({ 204: noContent }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      await dismissItem(deps, user.id, request.params.inboxItemId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/inbox/items/:inboxItemId/accept',
    {
      schema: {
        tags,
        summary: 'Accept an item: its bookings go to a trip (or a new one)',
        params: inboxItemParams,
        body: acceptInboxItemSchema,
        response: replies({ 200: inboxItemSchema }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const version = expectedVersion(request, request.body.version);
      const row = await acceptItem(db, user.id, request.params.inboxItemId, {
        ...request.body,
        version,
      });
      return presented(db, user.id, row);
    },
  );

  app.post(
    '/api/inbox/items/:inboxItemId/undo',
    {
      schema: {
        tags,
        summary: 'Undo the updates and cancellations this item applied to bookings',
        params: inboxItemParams,
        response: replies({ 200: inboxItemSchema }, [401, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return presented(db, user.id, await undoItem(db, user.id, request.params.inboxItemId));
    },
  );
}
