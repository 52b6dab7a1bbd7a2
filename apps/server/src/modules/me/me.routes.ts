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
import { AppError, parseInput } from '../../lib/errors';
import { expectedVersion } from '../../lib/versions';
import { presentMe } from './me.presenter';
import {
  deleteUser,
  findUser,
  listSessions,
  listSignInMethods,
  updateProfile,
  type ProfileChanges,
} from './me.repository';

const tags = ['account'];

/** /api/me: the signed-in traveller's profile, interests, export and account deletion. */
export function meRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  async function currentUser(request: FastifyRequest) {
    const { user } = await requireSession(sessions, request);
    const row = await findUser(db, user.id);
    if (!row) throw new AppError('auth/unauthenticated', 'Sign in to continue');
    return row;
  }

  /** 409 with the profile as it is now: it changed since the version the client sent. */
  async function profileConflict(id: string): Promise<AppError> {
    const current = await findUser(db, id);
    return new AppError('conflict', 'Your profile changed elsewhere; here is the current one', {
      current: current ? presentMe(current) : null,
    });
  }

  app.get(
    '/api/me',
    { schema: { tags, summary: 'My profile', response: replies({ 200: meSchema }, [401]) } },
    async (request, reply) => {
      const row = await currentUser(request);
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
      const row = await currentUser(request);
      const input = request.body ?? {};
      const changes: ProfileChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.language !== undefined) changes.language = input.language;
      if (input.homePlace !== undefined) changes.homePlace = input.homePlace || null;
      if (input.acceptTerms && !row.termsAcceptedAt) changes.termsAcceptedAt = new Date();
      if (input.onboarded && !row.onboardedAt) changes.onboardedAt = new Date();
      if (input.interests !== undefined) changes.interests = input.interests;
      const updated = await updateProfile(
        db,
        row.id,
        changes,
        expectedVersion(request, input.version),
      );
      if (!updated) throw await profileConflict(row.id);
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
      const row = await currentUser(request);
      const updated = await updateProfile(
        db,
        row.id,
        { interests: request.body.interests },
        expectedVersion(request, request.body.version),
      );
      if (!updated) throw await profileConflict(row.id);
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
      const row = await currentUser(request);
      parseInput(deleteMeSchema, request.body ?? {});
      await deleteUser(db, row.id, row.email);
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
      const row = await currentUser(request);
      const [signInMethods, sessionRows] = await Promise.all([
        listSignInMethods(db, row.id),
        listSessions(db, row.id),
      ]);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="jammy-export-${date}.json"`)
        .send({
          exportedAt: new Date().toISOString(),
          profile: presentMe(row),
          signInMethods: signInMethods.map((method) => ({
            providerId: method.providerId,
            createdAt: method.createdAt.toISOString(),
          })),
          sessions: sessionRows.map((session) => ({
            createdAt: session.createdAt.toISOString(),
            expiresAt: session.expiresAt.toISOString(),
            ipAddress: session.ipAddress,
            userAgent: session.userAgent,
          })),
        });
    },
  );
}
