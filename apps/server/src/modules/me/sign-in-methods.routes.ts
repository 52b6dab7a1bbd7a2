import { signInMethodsSchema, type SignInMethods } from '@jammy/shared/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { PUBLIC, replies } from '../../lib/contract';

/** GET /api/sign-in-methods: the ways to sign in this installation offers. */
export function signInMethodsRoutes(
  root: FastifyInstance,
  config: Pick<Config, 'oidc' | 'google' | 'github'>,
) {
  const methods: SignInMethods = {
    password: true,
    emailLink: true,
    phone: true,
    oidc: config.oidc ? { name: config.oidc.name } : null,
    google: config.google !== undefined,
    github: config.github !== undefined,
  };
  root.withTypeProvider<ZodTypeProvider>().get(
    '/api/sign-in-methods',
    {
      schema: {
        tags: ['account'],
        summary: 'The ways to sign in this installation offers',
        ...PUBLIC,
        response: replies({ 200: signInMethodsSchema }),
      },
    },
    async () => methods,
  );
}
