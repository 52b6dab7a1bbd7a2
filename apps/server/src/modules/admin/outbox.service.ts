import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/** The file names the outbox writes: {uuidv7}.eml and {uuidv7}.sms.json. */
export const OUTBOX_FILE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.(eml|sms\.json)$/;
const LIST_LIMIT = 100;

/** A mail or text message of the outbox, as admins read it. */
export const outboxMessageSchema = z.object({
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
  // Loaded when an admin first opens the outbox: it takes over a second to load.
  const { simpleParser } = await import('mailparser');
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

/** The newest messages of the outbox (none when it does not exist yet). */
export async function listOutbox(dir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => OUTBOX_FILE.test(file));
  } catch {
    files = [];
  }
  // UUIDv7 names sort by time.
  const newest = files.sort().reverse().slice(0, LIST_LIMIT);
  return Promise.all(newest.map((file) => readMessage(dir, file)));
}

/** One message of the outbox by its file name; 404 when there is none. */
export async function readOutboxMessage(dir: string, file: string): Promise<OutboxMessage> {
  try {
    return await readMessage(dir, file);
  } catch {
    throw new AppError('outbox/message-not-found', 'There is no such message in the outbox');
  }
}
