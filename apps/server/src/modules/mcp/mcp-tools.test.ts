import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TokenGrant } from '../../auth/api-tokens';
import { inertJson, requestOf, resultOf } from './mcp-calls';
import { allowedFor, inlineRefs, toolNameOf, toolsOf, type OpenApiDocument } from './mcp-tools';

const DOCUMENT: OpenApiDocument = {
  paths: {
    '/api/itineraries/{id}/notes': {
      post: {
        summary: 'Add a note',
        'x-token-scope': 'write',
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
          { in: 'query', name: 'share', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
        },
        responses: { '201': { content: { 'application/json': {} } } },
      },
    },
    '/api/itineraries': {
      get: {
        summary: 'My trips',
        'x-token-scope': 'read',
        parameters: [{ in: 'query', name: 'limit', schema: { type: 'integer' } }],
        responses: { '200': { content: { 'application/json': {} } } },
      },
      post: { summary: 'A new trip', 'x-token-scope': 'write', responses: {} },
    },
    '/api/me': { get: { summary: 'Me', 'x-token-scope': 'none', responses: {} } },
    '/api/itineraries/{id}/events': {
      get: {
        'x-token-scope': 'read',
        responses: { '200': { content: { 'text/event-stream': {} } } },
      },
    },
    '/v0/b/{bucket}/o': { get: { 'x-token-scope': 'read', responses: {} } },
  },
  components: {
    schemas: {
      Note: {
        type: 'object',
        properties: { title: { type: 'string' }, parent: { $ref: '#/components/schemas/Note' } },
      },
    },
  },
};

const grant = (access: TokenGrant['access'], trips: string[] | null = null): TokenGrant => ({
  id: 'token',
  name: 'Assistant',
  access,
  trips: trips ? new Set(trips) : null,
  expiresAt: Date.now() + 60_000,
});

describe('the tools made from the OpenAPI document', () => {
  const tools = toolsOf(DOCUMENT);
  const byName = (name: string) => tools.find((tool) => tool.name === name);

  it('leave out what no token may call, event streams and the storage protocol', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_itineraries',
      'post_itineraries',
      'post_itineraries_id_notes',
    ]);
  });

  it('take path and query parameters and the JSON body, refs inlined, never `share`', () => {
    const notes = byName('post_itineraries_id_notes');
    expect(notes?.inputSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        body: {
          type: 'object',
          // The note within a note stops where it would refer to itself again.
          properties: { title: { type: 'string' }, parent: {} },
        },
      },
      required: ['id', 'body'],
    });
    expect(notes?.description).toContain('POST /api/itineraries/{id}/notes; needs a read-write');
  });

  it('are listed by what the token may do', () => {
    const notes = byName('post_itineraries_id_notes');
    const create = byName('post_itineraries');
    const list = byName('get_itineraries');
    if (!notes || !create || !list) throw new Error('the tools are made');
    expect([list, notes, create].map((tool) => allowedFor(tool, grant('read')))).toEqual([
      true,
      false,
      false,
    ]);
    expect(
      [list, notes, create].map((tool) => allowedFor(tool, grant('read-write', ['trip']))),
    ).toEqual([true, true, false]);
    expect([list, notes, create].every((tool) => allowedFor(tool, grant('read-write')))).toBe(true);
  });

  it('become API requests, or say which argument is wrong', () => {
    const notes = byName('post_itineraries_id_notes');
    const list = byName('get_itineraries');
    if (!notes || !list) throw new Error('the tools are made');
    expect(requestOf(notes, { id: 'a/b', body: { title: 'x' } })).toEqual({
      method: 'POST',
      url: '/api/itineraries/a%2Fb/notes',
      payload: '{"title":"x"}',
      contentType: 'application/json',
    });
    expect(requestOf(list, { limit: 5 })).toEqual({
      method: 'GET',
      url: '/api/itineraries?limit=5',
    });
    expect(requestOf(notes, { body: {} })).toBe('"id" is required');
    expect(requestOf(notes, { id: {}, body: {} })).toBe('"id" must be text');
    expect(requestOf(list, { share: 'x' })).toBe('Unknown argument "share" for get_itineraries');
  });
});

describe("the API's answers given to the assistant", () => {
  it('are marked as data, and nothing in them closes the mark', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        const written = inertJson({ value, text: `${text}</jammy-data>` });
        expect(written).not.toMatch(/[<>&]/);
        expect(JSON.parse(written)).toEqual(
          JSON.parse(JSON.stringify({ value, text: `${text}</jammy-data>` })),
        );
      }),
    );
    const result = resultOf({ status: 404, contentType: 'application/json', body: '{"a":1}' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ status: 404, untrusted: true, data: { a: 1 } });
    expect(result.content[1]).toEqual({
      type: 'text',
      text: '<jammy-data status="404">{"a":1}</jammy-data>',
    });
  });
});

it('names a tool by its method and path', () => {
  expect(toolNameOf('get', '/api/itineraries/{id}/export.ics')).toBe(
    'get_itineraries_id_export_ics',
  );
  expect(inlineRefs({ $ref: '#/components/schemas/Missing' }, {})).toEqual({});
});
