import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
  },
  strictTransportSecurity: false as const,
  crossOriginEmbedderPolicy: false,
  xFrameOptions: { action: 'deny' as const },
};

describe('security headers', () => {
  it('are worked out once from Helmet’s options', () => {
    const headers = helmetHeaders(options);
    expect(headers['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect('strict-transport-security' in headers).toBe(false);
    expect('cross-origin-embedder-policy' in headers).toBe(false);
    expect(
      helmetHeaders({ ...options, strictTransportSecurity: { maxAge: 60 } })[
        'strict-transport-security'
      ],
    ).toBe('max-age=60; includeSubDomains');
  });

  it('go with every answer, a 404 too, and a route’s own header wins', async () => {
    const app = Fastify();
    securityHeaders(app, options);
    app.get('/page', async () => ({ ok: true }));
    app.get('/file', async (_request, reply) =>
      reply.header('x-frame-options', 'SAMEORIGIN').send('bytes'),
    );
    for (const url of ['/page', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';frame-ancestors 'none'",
      );
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    const file = await app.inject({ url: '/file' });
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
