import {
  accountExportSchema,
  deleteMeSchema,
  meSchema,
  updateMeSchema,
} from '@jammy/shared/account';
import { INTERESTS, interestCatalogueSchema, setInterestsSchema } from '@jammy/shared/interests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { PUBLIC, noContent, replies } from '../../lib/contract';
import { parseInput } from '../../lib/errors';
import { expectedVersion } from '../../lib/versions';
import { presentAccountExport, presentMe } from './me.presenter';
import {
  accountRecords,
  currentUser,
  deleteMyAccount,
  setMyInterests,
  updateMyProfile,
} from './me.service';

const tags = ['account'];

/** /api/me: the signed-in traveller's profile, interests, export and account deletion. */
export function meRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  async function signedIn(request: FastifyRequest) {
    const { user } = await requireSession(sessions, request);
    return currentUser(db, user.id);
  }

  app.get(
    '/api/me',
    { schema: { tags, summary: 'My profile', response: replies({ 200: meSchema }, [401]) } },
    async (request, reply) => {
      const row = await signedIn(request);
      return reply.header('cache-control', 'no-store').send(presentMe(row));
    },
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'Change my profile (never role or e-mail); `version` guards against overwriting',
        // An empty PATCH changes nothing and answers the profile.
        body: updateMeSchema.nullish(),
        response: replies({ 200: meSchema }, [401, 409]),
      },
    },
    async (request) => {
      const row = await signedIn(request);
      const input = request.body ?? {};
      const updated = await updateMyProfile(
        db,
        row,
        input,
        expectedVersion(request, input.version),
      );
      return presentMe(updated);
    },
  );

  app.get(
    '/api/interests',
    {
      schema: {
        tags: ['interests'],
        summary: 'The interests catalogue (ids and icons)',
        ...PUBLIC,
        response: replies({ 200: interestCatalogueSchema }),
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').send([...INTERESTS]),
  );

  app.put(
    '/api/me/interests',
    {
      schema: {
        tags: ['interests'],
        summary: 'Replace my interests (ids of the catalogue); answers my profile',
        body: setInterestsSchema,
        response: replies({ 200: meSchema }, [401, 409]),
      },
    },
    async (request) => {
      const row = await signedIn(request);
      const updated = await setMyInterests(
        db,
        row,
        request.body.interests,
        expectedVersion(request, request.body.version),
      );
      return presentMe(updated);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'Delete my account and everything of mine (type DELETE to confirm)',
        // Checked in the handler, after the session: "confirmation: must be DELETE".
        body: deleteMeSchema.nullish(),
        response: replies({ 204: noContent }, [401]),
      },
    },
    async (request, reply) => {
      const row = await signedIn(request);
      parseInput(deleteMeSchema, request.body ?? {});
      await deleteMyAccount(db, row);
      request.log.info({ userId: row.id }, 'account deleted');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        tags,
        summary: 'Download my data (a JSON file)',
        response: replies({ 200: accountExportSchema }, [401]),
      },
    },
    async (request, reply) => {
      const row = await signedIn(request);
      const records = await accountRecords(db, row.id);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="jammy-export-${date}.json"`)
        .send(presentAccountExport(row, records));
    },
  );
}
