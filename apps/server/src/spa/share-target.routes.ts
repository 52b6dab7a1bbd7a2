import { INBOX_SHARE } from '@jammy/shared/inbox-share';
import { localizePath, splitLanguagePrefix } from '@jammy/shared/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * The manifest's share target, when a share reaches the server: the app's worker takes what a
 * phone's share sheet posts (apps/web/src/pwa/share-target.ts), so a post arriving here found
 * no worker (the app not opened on this device since it was installed, or its worker
 * removed). What was shared cannot be kept (it is no one's yet: the worker sends it with the
 * traveller's session), so the inbox opens and says to add it there.
 */
export async function shareTargetRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // The share sheet's multipart body (up to a file's size) is read through and dropped.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('error', done);
      payload.on('end', () => done(null, undefined));
      payload.resume();
    });
    const hide = { schema: { hide: true } };
    scope.post(INBOX_SHARE.path, hide, toTheInbox);
    scope.post(`/:language${INBOX_SHARE.path}`, hide, toTheInbox);
  });
}

async function toTheInbox(request: FastifyRequest, reply: FastifyReply) {
  const pathname = new URL(`http://localhost${request.url}`).pathname;
  const { language, path } = splitLanguagePrefix(pathname);
  if (path !== INBOX_SHARE.path) {
    throw new AppError('route/not-found', `No route ${request.method} ${pathname}`);
  }
  const inbox = `${localizePath('/inbox', language)}?${INBOX_SHARE.param}=unavailable`;
  return reply.header('cache-control', 'no-store').redirect(inbox, 303);
}
