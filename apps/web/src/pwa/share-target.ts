/// <reference lib="webworker" />
import { INBOX_SHARE } from '@jammy/shared/inbox-share';
import { splitLanguagePrefix, localizePath } from '@jammy/shared/languages';
import { set } from 'idb-keyval';
import { sharedKey, type Shared } from '../lib/shared-store';

/** Whether `url` is where the share sheet posts (in any language). */
export function isShareTarget(url: URL, origin: string): boolean {
  return url.origin === origin && splitLanguagePrefix(url.pathname).path === INBOX_SHARE.path;
}

/**
 * What a phone's share sheet sent to the installed app: its files and text are kept in
 * IndexedDB under a new id, and the inbox opens (in the language of the address) to send them
 * in, with the traveller's session, as items to review. Nothing usable: the inbox opens alone.
 */
export async function receiveShare(request: Request): Promise<Response> {
  const { language } = splitLanguagePrefix(new URL(request.url).pathname);
  const inbox = new URL(localizePath('/inbox', language), request.url);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.redirect(inbox.href, 303);
  }
  const { fields } = INBOX_SHARE;
  const files = form.getAll(fields.files).filter((part): part is File => part instanceof File);
  const text = [fields.title, fields.text, fields.url]
    .map((name) => form.get(name))
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n');
  const shared: Shared = { files: files.filter((file) => file.size > 0), text, at: Date.now() };
  if (shared.files.length === 0 && shared.text === '') return Response.redirect(inbox.href, 303);
  const id = crypto.randomUUID();
  await set(sharedKey(id), shared);
  inbox.searchParams.set(INBOX_SHARE.param, id);
  return Response.redirect(inbox.href, 303);
}
