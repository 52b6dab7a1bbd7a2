import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './auth/session-cookie';

/**
 * The OpenAPI document of every route registered after it (/api/openapi.json) and its pages
 * (/api/docs), built from the routes' zod schemas.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  deps: { buildId: string; baseUrl: URL },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jammy API',
        version: deps.buildId,
        description:
          'Trips as itineraries of stages and places. Sign in through /api/auth (cookie session). ' +
          'Errors: { error: { code, message, details? } }. Writes send back `version`; a stale one answers 409.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: deps.baseUrl.origin, description: 'This installation' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie better-auth sets at sign-in (/api/auth/*).',
          },
          storageToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`Firebase <token>` with a token from POST /api/storage/token (storage protocol only).',
          },
        },
      },
      // Every operation needs a session unless it says otherwise (`security: []`).
      security: [{ session: [] }],
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // A wildcard (the storage API's object paths) is an ordinary named parameter to OpenAPI.
      if (!output.url.endsWith('*')) return output;
      const params = output.schema.params as
        { properties?: Record<string, unknown>; required?: string[] } | undefined;
      const { '*': wildcard, ...others } = params?.properties ?? {};
      return {
        url: `${output.url.slice(0, -1)}:objectPath`,
        schema: {
          ...output.schema,
          params: {
            ...params,
            properties: { ...others, objectPath: wildcard },
            required: (params?.required ?? []).map((name) => (name === '*' ? 'objectPath' : name)),
          },
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
