import { errorBodySchema } from '@jammy/shared/errors';
import type { ShareLink } from '@jammy/shared/sharing';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { nextIp } from '../auth-helpers';
import {
  call,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createSignedInUser,
  createStage,
  expectStatus,
  type SignedInUser,
} from '../itinerary-helpers';
import type { TestApp } from '../test-app';
import { fuzzMcp } from './fuzz-mcp';
import { insertInboxItem } from '../../src/modules/inbox/inbox.test-helpers';
import {
  HOSTILE_STRINGS,
  MEGABYTE_STRING,
  hostileValue,
  mutatedValueFor,
  valueFor,
  type GenerationContext,
  type JsonSchema,
} from './arbitraries';

/**
 * Property-based fuzzing of the whole API from its own OpenAPI document (issue 16): every
 * operation the document lists gets generated requests, valid and hostile, from several
 * callers (and the assistants' MCP server, fuzz-mcp.ts), and every answer must keep the
 * invariants below. A new route is fuzzed as soon as it is in the document.
 *
 * Invariants: never a 5xx; never a 2xx for a body or query the operation's schema refuses;
 * an error answer always has the error body; nobody but its members ever sees a trip's
 * private text; the server is still healthy afterwards.
 */

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Caller = 'owner' | 'stranger' | 'anonymous' | 'link holder' | 'admin';
type Strategy = 'valid' | 'body' | 'query' | 'path' | 'raw';

export interface Finding {
  problem: string;
  request: string;
  status: number;
  answer: string;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  statuses: Record<string, number>;
  findings: Finding[];
  seed: number;
}

/** One trip of the owner's with everything in it, and the markers nobody else may see. */
interface World {
  itineraryId: string;
  params: Record<string, string>;
  shareToken: string;
  /** In the title: members and share-link holders may see it, nobody else. */
  tripMarker: string;
  /** In a private note: only members may see it. */
  privateMarker: string;
  /** In an item of the owner's inbox: nobody else may see it. */
  inboxMarker: string;
}

interface Fuzzer {
  testApp: TestApp;
  users: Record<'owner' | 'stranger' | 'viewer' | 'admin', SignedInUser>;
  strangerTripId: string;
  presetId: string;
  document: OpenApiDocument;
  ajv: Ajv2020;
  /** Query strings are text: this one coerces "2" to 2 as the server does. */
  queryAjv: Ajv2020;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** better-auth's routes: not in our document (their own API), fuzzed from this list. */
const AUTH_ROUTES: { method: HTTPMethods; path: string; fields: string[] }[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    fields: ['email', 'password', 'name', 'acceptTerms', 'callbackURL'],
  },
  { method: 'POST', path: '/api/auth/sign-in/email', fields: ['email', 'password', 'rememberMe'] },
  {
    method: 'POST',
    path: '/api/auth/sign-in/magic-link',
    fields: ['email', 'callbackURL', 'name'],
  },
  { method: 'POST', path: '/api/auth/request-password-reset', fields: ['email', 'redirectTo'] },
  { method: 'POST', path: '/api/auth/reset-password', fields: ['newPassword', 'token'] },
  { method: 'POST', path: '/api/auth/send-verification-email', fields: ['email', 'callbackURL'] },
  { method: 'POST', path: '/api/auth/phone-number/send-otp', fields: ['phoneNumber'] },
  { method: 'POST', path: '/api/auth/phone-number/verify', fields: ['phoneNumber', 'code'] },
  { method: 'POST', path: '/api/auth/sign-in/phone-number', fields: ['phoneNumber', 'password'] },
  { method: 'POST', path: '/api/auth/change-password', fields: ['currentPassword', 'newPassword'] },
  { method: 'POST', path: '/api/auth/change-email', fields: ['newEmail', 'callbackURL'] },
  { method: 'POST', path: '/api/auth/revoke-session', fields: ['token'] },
  { method: 'POST', path: '/api/auth/sign-in/oauth2', fields: ['providerId', 'callbackURL'] },
  { method: 'POST', path: '/api/auth/sign-in/social', fields: ['provider', 'callbackURL'] },
  { method: 'GET', path: '/api/auth/get-session', fields: [] },
  { method: 'GET', path: '/api/auth/passkey/register-options', fields: [] },
  { method: 'POST', path: '/api/auth/passkey/register', fields: ['name', 'response'] },
  { method: 'GET', path: '/api/auth/passkey/sign-in-options', fields: [] },
  { method: 'POST', path: '/api/auth/passkey/sign-in', fields: ['response'] },
  { method: 'GET', path: '/api/auth/verify-email', fields: ['token', 'callbackURL'] },
  { method: 'GET', path: '/api/auth/magic-link/verify', fields: ['token', 'callbackURL'] },
  { method: 'GET', path: '/api/auth/reset-password/x', fields: ['callbackURL'] },
  { method: 'POST', path: '/api/auth/two-factor/enable', fields: ['password', 'issuer'] },
  { method: 'POST', path: '/api/auth/two-factor/disable', fields: ['password', 'code'] },
  { method: 'POST', path: '/api/auth/two-factor/verify-totp', fields: ['code', 'trustDevice'] },
  {
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    fields: ['code', 'trustDevice'],
  },
  { method: 'POST', path: '/api/auth/two-factor/generate-backup-codes', fields: ['password'] },
  { method: 'POST', path: '/api/auth/two-factor/get-totp-uri', fields: ['password'] },
];

function excerpt(text: string, length = 300): string {
  return text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;
}

/** The day of the world's place (`:day` of the day plans' paths). */
const FUZZ_DAY = '2027-04-03';

async function makeWorld(fuzzer: Fuzzer): Promise<World> {
  const { testApp, users } = fuzzer;
  const tripMarker = `TRIP-${uuidv7()}`;
  const privateMarker = `PRIVATE-${uuidv7()}`;
  const inboxMarker = `INBOX-${uuidv7()}`;
  const inboxItem = await insertInboxItem(testApp.database.db, users.owner.id, inboxMarker);
  const trip = await createItinerary(testApp, users.owner, { title: `Trip ${tripMarker}` });
  const id = trip.id;
  const [stage, note, list] = await Promise.all([
    createStage(testApp, users.owner, id, { title: 'Kyoto', lat: 35, lng: 135.7 }),
    createNote(testApp, users.owner, id, { title: 'Codes', body: privateMarker, private: true }),
    createList(testApp, users.owner, id),
  ]);
  const [place, item] = await Promise.all([
    // On a day, with coordinates and opening hours: the day's plan and its order have work to do.
    createPlace(testApp, users.owner, id, {
      stageId: stage.id,
      name: 'Temple',
      day: FUZZ_DAY,
      lat: 34.9671,
      lng: 135.7727,
      openingHours: 'Mo-Su 08:30-16:30',
    }),
    createListItem(testApp, users.owner, id, list.id),
  ]);
  await call(testApp, users.owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email: users.viewer.email, role: 'viewer' },
  });
  const invitation = await call(
    testApp,
    users.owner,
    'POST',
    `/api/itineraries/${id}/invitations`,
    {
      payload: { email: `someone-${uuidv7()}@example.com`, role: 'editor' },
    },
  );
  const link = expectStatus<ShareLink>(
    await call(testApp, users.owner, 'POST', `/api/itineraries/${id}/share-links`, {
      payload: {},
    }),
    201,
  );
  return {
    itineraryId: id,
    tripMarker,
    privateMarker,
    inboxMarker,
    shareToken: new URL(link.url ?? '').searchParams.get('share') ?? '',
    params: {
      id,
      stageId: stage.id,
      placeId: place.id,
      noteId: note.id,
      listId: list.id,
      itemId: item.id,
      linkId: link.id,
      userId: users.viewer.id,
      invitationId: invitation.json<{ id: string }>().id,
      day: FUZZ_DAY,
      sessionId: uuidv7(),
      file: `${uuidv7()}.eml`,
      inboxItemId: inboxItem.id,
    },
  };
}

function compile(ajv: Ajv2020, schema: JsonSchema | undefined): ValidateFunction | undefined {
  if (!schema) return undefined;
  try {
    return ajv.compile({ ...schema, $defs: undefined });
  } catch {
    return undefined;
  }
}

function querySchemaOf(parameters: Parameter[]): JsonSchema {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    additionalProperties: true,
  };
}

interface Generated {
  strategy: Strategy;
  caller: Caller;
  pathValues: Record<string, string>;
  query: [string, string][];
  body: unknown;
  raw?: { payload: string; contentType: string };
}

function generator(
  fuzzer: Fuzzer,
  world: World,
  operation: Operation,
  hasBody: boolean,
): fc.Arbitrary<Generated> {
  const parameters = operation.parameters ?? [];
  const context: GenerationContext = {
    ids: [...Object.values(world.params), fuzzer.strangerTripId, fuzzer.presetId],
    resolve: (ref) => fuzzer.document.components?.schemas?.[ref.split('/').at(-1) ?? ''] ?? {},
  };
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const validQuery = fc
    .tuple(
      ...query.map((parameter) =>
        fc.option(valueFor(parameter.schema, context), { nil: undefined }),
      ),
    )
    .map((values) =>
      values.flatMap((value, index): [string, string][] => {
        const name = query[index]?.name;
        return value === undefined || name === undefined ? [] : [[name, String(value)]];
      }),
    );
  const hostileQuery = fc
    .tuple(
      validQuery,
      fc.constantFrom(...query.map((parameter) => parameter.name), 'unexpected'),
      hostileValue,
      fc.boolean(),
    )
    .map(([pairs, name, value, duplicate]): [string, string][] => [
      ...pairs.filter(([key]) => duplicate || key !== name),
      [
        name,
        typeof value === 'string' ? value.slice(0, 5000) : JSON.stringify(value).slice(0, 5000),
      ],
    ]);
  const pathNames = parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => parameter.name);
  const ownPath = Object.fromEntries(
    pathNames.map((name) => [name, world.params[name] ?? fuzzer.presetId]),
  );
  const otherPath = fc
    .tuple(
      fc.constantFrom(...(pathNames.length > 0 ? pathNames : ['id'])),
      fc.oneof(
        fc.constant(fuzzer.strangerTripId),
        fc.constant(null).map(() => uuidv7()),
        fc.constantFrom(...HOSTILE_STRINGS.filter((value) => value.length < 100)),
        fc.uuid(),
      ),
    )
    .map(([name, value]) => ({ ...ownPath, [name]: value }));
  const body = bodySchema ? valueFor(bodySchema, context) : fc.constant(undefined);
  const badBody = bodySchema ? mutatedValueFor(bodySchema, context) : hostileValue;
  const raw = fc.oneof(
    fc.constant({ payload: '{"title": "unterminated', contentType: 'application/json' }),
    fc.constant({ payload: '', contentType: 'application/json' }),
    fc.constant({ payload: 'title=Rome', contentType: 'application/x-www-form-urlencoded' }),
    fc.constant({ payload: '<trip/>', contentType: 'application/xml' }),
    fc.constant({ payload: '{"a":1}', contentType: 'text/plain' }),
    fc.constant({
      payload: JSON.stringify({ title: MEGABYTE_STRING }),
      contentType: 'application/json',
    }),
    fc.constant({
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      contentType: 'application/json',
    }),
    fc.constant({
      payload: '{"__proto__": {"admin": true}, "title": "x"}',
      contentType: 'application/json',
    }),
    fc.constant({ payload: '\u0000\u0001', contentType: 'application/json; charset=utf-16' }),
  );
  const caller = fc.constantFrom<Caller>(
    'owner',
    'owner',
    'owner',
    'owner',
    'stranger',
    'anonymous',
    'link holder',
    'admin',
  );
  const strategies: Strategy[] = ['valid', 'valid', 'path'];
  if (hasBody) strategies.push('body', 'body', 'body', 'raw');
  if (query.length > 0 || !hasBody) strategies.push('query');
  return fc
    .record({
      strategy: fc.constantFrom(...strategies),
      caller,
      validPath: fc.constant(ownPath),
      otherPath,
      validQuery,
      hostileQuery,
      body,
      badBody,
      raw,
    })
    .map((draw) => ({
      strategy: draw.strategy,
      caller: draw.caller,
      pathValues: draw.strategy === 'path' ? draw.otherPath : draw.validPath,
      query: draw.strategy === 'query' ? draw.hostileQuery : draw.validQuery,
      body: draw.strategy === 'body' ? draw.badBody : draw.body,
      ...(draw.strategy === 'raw' ? { raw: draw.raw } : {}),
    }));
}

/** Percent-encodes anything, lone surrogates too (as the invalid UTF-8 a hostile client sends). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeSegment(values[name] ?? uuidv7()),
  );
}

async function send(
  fuzzer: Fuzzer,
  world: World,
  method: string,
  url: string,
  generated: Generated,
  streamed: boolean,
): Promise<LightMyRequestResponse> {
  const { testApp, users } = fuzzer;
  const account =
    generated.caller === 'anonymous' || generated.caller === 'link holder'
      ? null
      : users[generated.caller];
  const headers: Record<string, string> = {
    origin: testApp.config.baseUrl.origin,
    ...(account ? { cookie: account.cookie } : {}),
  };
  const search = new URLSearchParams(generated.query);
  if (generated.caller === 'link holder') search.append('share', world.shareToken);
  const target = `${url}${search.size > 0 ? `?${search.toString()}` : ''}`;
  const hasPayload = !['GET', 'HEAD'].includes(method.toUpperCase());
  if (generated.raw && hasPayload) {
    return testApp.app.inject({
      method: method.toUpperCase() as HTTPMethods,
      url: target,
      headers: { ...headers, 'content-type': generated.raw.contentType },
      payload: generated.raw.payload,
      remoteAddress: nextIp(),
    });
  }
  const withBody = hasPayload && generated.body !== undefined;
  const response = await testApp.app.inject({
    method: method.toUpperCase() as HTTPMethods,
    url: target,
    headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(withBody ? { payload: JSON.stringify(generated.body) } : {}),
    remoteAddress: nextIp(),
    // An event stream never ends by itself: take its head, then hang up as a browser does.
    ...(streamed ? { payloadAsStream: true } : {}),
  });
  if (!streamed) return response;
  const stream = response.stream();
  const chunks: Buffer[] = [];
  if (response.statusCode === 200) {
    stream.destroy();
    return { ...response, body: '', json: () => ({}) } as LightMyRequestResponse;
  }
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const body = Buffer.concat(chunks).toString('utf8');
  return { ...response, body, json: () => JSON.parse(body) as unknown } as LightMyRequestResponse;
}

function check(
  fuzzer: Fuzzer,
  world: World,
  operation: { method: string; path: string; body?: ValidateFunction; query?: ValidateFunction },
  generated: Generated,
  response: LightMyRequestResponse,
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    const parsed = (() => {
      try {
        return errorBodySchema.safeParse(response.json()).success;
      } catch {
        return false;
      }
    })();
    if (!parsed) problems.push('an error answer without the error body');
  }
  if (status >= 200 && status < 300) {
    if (generated.raw)
      problems.push(
        `accepted a ${generated.raw.contentType} body: ${excerpt(generated.raw.payload, 60)}`,
      );
    else if (operation.body && generated.body !== undefined && !operation.body(generated.body)) {
      problems.push(
        `accepted a body its schema refuses: ${fuzzer.ajv.errorsText(operation.body.errors)}`,
      );
    } else if (operation.query && generated.strategy === 'query') {
      const query = Object.fromEntries(generated.query);
      if (!operation.query(query)) {
        problems.push(
          `accepted a query its schema refuses: ${fuzzer.ajv.errorsText(operation.query.errors)}`,
        );
      }
    }
  }
  const body = response.body;
  const outsider = generated.caller !== 'owner';
  if (outsider && body.includes(world.privateMarker))
    problems.push('showed a private note to a non-member');
  if (outsider && body.includes(world.inboxMarker))
    problems.push("showed an item of the owner's inbox to someone else");
  // The outbox holds the mails Jammy sent (invitations name their trip): it is the mail
  // operator's, by design, so only there may an admin read a trip's title.
  const outbox = operation.path.startsWith('/api/admin/outbox');
  if (
    (generated.caller === 'stranger' ||
      generated.caller === 'anonymous' ||
      (generated.caller === 'admin' && !outbox)) &&
    body.includes(world.tripMarker)
  ) {
    problems.push(
      `showed a trip to ${generated.caller === 'admin' ? 'an admin who is not a member' : `a ${generated.caller}`}`,
    );
  }
  return problems;
}

/** Keeps the fuzz accounts signed in (a fuzzed request may sign one out or delete it). */
async function ensureAccounts(fuzzer: Fuzzer): Promise<void> {
  for (const name of ['owner', 'stranger', 'viewer', 'admin'] as const) {
    const me = await call(fuzzer.testApp, fuzzer.users[name], 'GET', '/api/me');
    if (me.statusCode === 200) continue;
    fuzzer.users[name] = await createSignedInUser(fuzzer.testApp, `fuzz-${name}`);
    if (name === 'admin') await promote(fuzzer.testApp, fuzzer.users.admin);
  }
}

async function promote(testApp: TestApp, account: SignedInUser): Promise<void> {
  await testApp.database.pool.query('update "user" set role = $1 where id = $2', [
    'admin',
    account.id,
  ]);
}

export interface FuzzOptions {
  /** Requests in all (spread over the operations and better-auth's routes). */
  requests: number;
  seed?: number;
}

/** Fuzzes every operation of the app's OpenAPI document, then better-auth's routes. */
export async function fuzzApi(testApp: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const documentAnswer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = documentAnswer.json<OpenApiDocument>();
  const ajv = new Ajv2020({ strict: false, coerceTypes: false, unicodeRegExp: true });
  const queryAjv = new Ajv2020({ strict: false, coerceTypes: true, unicodeRegExp: true });
  addFormats.default(ajv);
  addFormats.default(queryAjv);
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  const names = ['owner', 'stranger', 'viewer', 'admin'] as const;
  const accounts = await Promise.all(
    names.map((name) => createSignedInUser(testApp, `fuzz-${name}`)),
  );
  const users = Object.fromEntries(
    names.map((name, index) => [name, accounts[index]]),
  ) as Fuzzer['users'];
  await promote(testApp, users.admin);
  const strangerTrip = await createItinerary(testApp, users.stranger, {
    title: 'The stranger’s own',
  });
  const presets = expectStatus<{ items: { id: string; premium: boolean }[] }>(
    await call(testApp, null, 'GET', '/api/presets?limit=100'),
    200,
  ).items;
  const fuzzer: Fuzzer = {
    testApp,
    users,
    strangerTripId: strangerTrip.id,
    presetId: presets.find((preset) => !preset.premium)?.id ?? uuidv7(),
    document,
    ajv,
    queryAjv,
  };

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method] as Operation,
    })),
  );
  // Rounded up: the total stays at or above the requests asked for however many operations
  // the API has (rounded down, each new route took the total further below the run's floor).
  const perOperation = Math.max(4, Math.ceil((options.requests * 0.9) / operations.length));
  const perAuthRoute = Math.max(2, Math.floor((options.requests * 0.1) / AUTH_ROUTES.length));
  const report: FuzzReport = {
    requests: 0,
    operations: operations.length,
    statuses: {},
    findings: [],
    seed,
  };
  const seen = new Set<string>();
  const record = (problem: string, request: string, response: LightMyRequestResponse) => {
    report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
    const key = `${problem} ${request.split(' ').slice(0, 2).join(' ')}`;
    if (problem && !seen.has(key)) {
      seen.add(key);
      report.findings.push({
        problem,
        request,
        status: response.statusCode,
        answer: excerpt(response.body),
      });
    }
  };

  let index = 0;
  for (const { path, method, operation } of operations) {
    await ensureAccounts(fuzzer);
    const world = await makeWorld(fuzzer);
    const parameters = operation.parameters ?? [];
    const hasBody = operation.requestBody !== undefined;
    const streamed = Object.values(operation.responses ?? {}).some(
      (answer) => answer.content?.['text/event-stream'] !== undefined,
    );
    const checks = {
      method,
      path,
      body: compile(fuzzer.ajv, operation.requestBody?.content?.['application/json']?.schema),
      query: parameters.some((parameter) => parameter.in === 'query')
        ? compile(fuzzer.queryAjv, querySchemaOf(parameters))
        : undefined,
    };
    const samples = fc.sample(generator(fuzzer, world, operation, hasBody), {
      numRuns: perOperation,
      seed: seed + index,
    });
    index += 1;
    for (const generated of samples) {
      const url = fillPath(path, generated.pathValues);
      const response = await send(fuzzer, world, method, url, generated, streamed);
      report.requests += 1;
      const problems = check(fuzzer, world, checks, generated, response);
      const request = `${method.toUpperCase()} ${path} as ${generated.caller} (${generated.strategy}) ${excerpt(
        generated.raw
          ? generated.raw.payload
          : (JSON.stringify({ url, query: generated.query, body: generated.body }) ?? ''),
        400,
      )}`;
      if (problems.length === 0) record('', request, response);
      for (const problem of problems) record(problem, request, response);
    }
  }

  // better-auth: bodies of its own fields with hostile values, and hostile bodies whole.
  for (const route of AUTH_ROUTES) {
    const fields = route.fields.length > 0 ? route.fields : ['x'];
    const body = fc.oneof(
      fc
        .tuple(
          ...fields.map(() =>
            fc.oneof(
              hostileValue,
              fc.constantFrom<unknown>(
                'ana@example.com',
                'correct horse battery',
                '+393331234567',
                true,
              ),
            ),
          ),
        )
        .map((values) =>
          Object.fromEntries(fields.map((field, position) => [field, values[position]])),
        ),
      hostileValue,
    );
    for (const value of fc.sample(body, { numRuns: perAuthRoute, seed: seed + index })) {
      index += 1;
      const query =
        route.method === 'GET' && typeof value === 'object' && value !== null
          ? `?${new URLSearchParams(
              Object.entries(value).map(([key, entry]): [string, string] => [
                key,
                (typeof entry === 'string' ? entry : (JSON.stringify(entry) ?? '')).slice(0, 2000),
              ]),
            ).toString()}`
          : '';
      const response = await testApp.app.inject({
        method: route.method,
        url: `${route.path}${query}`,
        headers: { origin: testApp.config.baseUrl.origin, 'content-type': 'application/json' },
        ...(route.method === 'POST' ? { payload: JSON.stringify(value) } : {}),
        remoteAddress: nextIp(),
      });
      report.requests += 1;
      const request = `${route.method} ${route.path} ${excerpt(JSON.stringify(value) ?? '', 300)}`;
      record(
        response.statusCode >= 500 ? `answered ${response.statusCode}` : '',
        request,
        response,
      );
    }
  }

  // The assistants' MCP server, with tokens of the owner and of a stranger.
  await ensureAccounts(fuzzer);
  const mcpWorld = await makeWorld(fuzzer);
  report.requests += await fuzzMcp(
    testApp,
    {
      owner: fuzzer.users.owner,
      stranger: fuzzer.users.stranger,
      ids: [...Object.values(mcpWorld.params), fuzzer.strangerTripId],
      hidden: [mcpWorld.tripMarker, mcpWorld.privateMarker, mcpWorld.inboxMarker],
    },
    { requests: Math.max(40, Math.ceil(options.requests * 0.05)), seed: seed + index },
    record,
  );

  // Still healthy, and still serving the trips it holds.
  const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  if (health.statusCode !== 200) record('unhealthy after the run', 'GET /api/health', health);
  await ensureAccounts(fuzzer);
  const trip = await createItinerary(testApp, fuzzer.users.owner, { title: 'After the storm' });
  const read = await call(testApp, fuzzer.users.owner, 'GET', `/api/itineraries/${trip.id}`);
  if (read.statusCode !== 200)
    record('cannot read a trip after the run', `GET /api/itineraries/${trip.id}`, read);
  return report;
}
