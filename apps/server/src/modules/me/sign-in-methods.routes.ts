import type { SignInMethods } from '@jammy/shared/account';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** GET /api/sign-in-methods: the ways to sign in this installation offers. */
export function signInMethodsRoutes(app: FastifyInstance, config: Config) {
  const methods: SignInMethods = {
    password: true,
    emailLink: true,
    phone: true,
    oidc: config.oidc ? { name: config.oidc.name } : null,
    google: config.google !== undefined,
    github: config.github !== undefined,
  };
  app.get('/api/sign-in-methods', async () => methods);
}
