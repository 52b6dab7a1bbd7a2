import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  API_CONTENT_SECURITY_POLICY,
  apiHeaders,
  helmetHeaders,
  securityHeaders,
} from './security-headers';

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

  it('under /api are the short set, HSTS kept when the instance has it', () => {
    const withHsts = helmetHeaders({ ...options, strictTransportSecurity: { maxAge: 60 } });
    expect(apiHeaders(withHsts)).toEqual({
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=60; includeSubDomains',
    });
    expect('strict-transport-security' in apiHeaders(helmetHeaders(options))).toBe(false);
  });

  it('go by the path: /api, /api/… and /api?… are the API, /apis and /faq are not', async () => {
    const app = Fastify();
    securityHeaders(app, options);
    app.get('/*', async () => ({ ok: true }));
    app.get('/api', async () => ({ ok: true }));
    const policyOf = async (url: string) =>
      (await app.inject({ url })).headers['content-security-policy'];
    for (const url of ['/api', '/api/session', '/api?x=1', '/api/a?b=c']) {
      expect(await policyOf(url), url).toBe(API_CONTENT_SECURITY_POLICY);
    }
    for (const url of ['/apis', '/api-docs', '/faq', '/']) {
      expect(await policyOf(url), url).toBe("default-src 'self';frame-ancestors 'none'");
    }
    await app.close();
  });
});
