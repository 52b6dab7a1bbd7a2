import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pageSchema } from '@jammy/shared/fields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { simpleParser } from 'mailparser';
import { z } from 'zod';
import { requireAdmin, type Sessions } from '../../auth/session';
import { replies } from '../../lib/contract';
import { AppError, parseInput } from '../../lib/errors';

const OUTBOX_FILE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.(eml|sms\.json)$/;
const paramsSchema = z.object({ file: z.string().regex(OUTBOX_FILE, 'is not an outbox message') });
// Described loosely, checked in the handler: a traveller learns 403, not the file name rule.
const describedParams = z.object({
  file: z.string().describe('{uuidv7}.eml or {uuidv7}.sms.json'),
});
const LIST_LIMIT = 100;

const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  createdAt: z.string(),
  text: z.string(),
  links: z.array(z.string()),
});
type OutboxMessage = z.infer<typeof outboxMessageSchema>;

async function readMessage(dir: string, file: string): Promise<OutboxMessage> {
  const raw = await readFile(path.join(dir, file));
  if (file.endsWith('.sms.json')) {
    const sms = z
      .object({ to: z.string(), body: z.string(), createdAt: z.string() })
      .parse(JSON.parse(raw.toString('utf8')));
    return {
      id: file,
      kind: 'sms',
      to: sms.to,
      subject: null,
      createdAt: sms.createdAt,
      text: sms.body,
      links: [],
    };
  }
  const mail = await simpleParser(raw);
  const to = [mail.to ?? []]
    .flat()
    .map((address) => address.text)
    .join(', ');
  const text = mail.text ?? '';
  return {
    id: file,
    kind: 'mail',
    to,
    subject: mail.subject ?? null,
    createdAt: (mail.date ?? new Date()).toISOString(),
    text,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
  };
}

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
    let files: string[];
    try {
      files = (await readdir(deps.outboxDir)).filter((file) => OUTBOX_FILE.test(file));
    } catch {
      files = [];
    }
    // UUIDv7 names sort by time.
    const newest = files.sort().reverse().slice(0, LIST_LIMIT);
    const items = await Promise.all(newest.map((file) => readMessage(deps.outboxDir, file)));
    return { items, nextCursor: null };
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
    try {
      return await readMessage(deps.outboxDir, file);
    } catch {
      throw new AppError('outbox/message-not-found', 'There is no such message in the outbox');
    }
  });
}
