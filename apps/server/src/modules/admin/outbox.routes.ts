import { pageSchema } from '@jammy/shared/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, type Sessions } from '../../auth/session';
import { replies } from '../../lib/contract';
import { parseInput } from '../../lib/errors';
import { listOutbox, OUTBOX_FILE, outboxMessageSchema, readOutboxMessage } from './outbox.service';

const paramsSchema = z.object({ file: z.string().regex(OUTBOX_FILE, 'is not an outbox message') });
// Described loosely, checked in the handler: a traveller learns 403, not the file name rule.
const describedParams = z.object({
  file: z.string().describe('{uuidv7}.eml or {uuidv7}.sms.json'),
});

/**
 * The outbox of an installation without SMTP or SMS provider, for admins: the mails and
 * text messages Jammy would have sent, newest first.
 */
export function outboxRoutes(
  root: FastifyInstance,
  deps: { sessions: Sessions; outboxDir: string },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const listSchema = {
    tags,
    summary: 'The outbox: mails and text messages kept instead of sent (admins), newest first',
    response: replies({ 200: pageSchema(outboxMessageSchema) }, [401, 403]),
  };
  app.get('/api/admin/outbox', { schema: listSchema }, async (request) => {
    await requireAdmin(deps.sessions, request);
    return { items: await listOutbox(deps.outboxDir), nextCursor: null };
  });

  const messageSchema = {
    tags,
    summary: 'One message of the outbox (admins)',
    params: describedParams,
    response: replies({ 200: outboxMessageSchema }, [401, 403, 404]),
  };
  app.get('/api/admin/outbox/:file', { schema: messageSchema }, async (request) => {
    await requireAdmin(deps.sessions, request);
    const { file } = parseInput(paramsSchema, request.params);
    return readOutboxMessage(deps.outboxDir, file);
  });
}
