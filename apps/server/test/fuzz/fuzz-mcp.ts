import type { CreatedApiToken } from '@jammy/shared/api-tokens';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { nextIp } from '../auth-helpers';
import { call, expectStatus, type SignedInUser } from '../itinerary-helpers';
import type { TestApp } from '../test-app';
import { hostileValue, mutatedValueFor, valueFor, type JsonSchema } from './arbitraries';

/** Who the assistants act for, and the text a stranger's assistant must never read. */
export interface McpFuzzWorld {
  owner: SignedInUser;
  stranger: SignedInUser;
  /** Ids of the fuzz world (the owner's trip and its parts, the stranger's trip). */
  ids: readonly string[];
  /** Markers in the owner's trip and inbox. */
  hidden: readonly string[];
}

type Recorder = (problem: string, request: string, response: LightMyRequestResponse) => void;

const toolList = z.object({
  result: z.object({
    tools: z.array(z.object({ name: z.string(), inputSchema: z.record(z.string(), z.unknown()) })),
  }),
});
const toolAnswer = z.object({
  result: z.object({ structuredContent: z.object({ status: z.number() }).optional() }).optional(),
});

async function tokenOf(testApp: TestApp, user: SignedInUser): Promise<string> {
  const response = await call(testApp, user, 'POST', '/api/me/tokens', {
    payload: { name: 'Fuzz assistant', expiresInDays: 7, access: 'read-write', trips: null },
  });
  return expectStatus<CreatedApiToken>(response, 201).secret;
}

function post(testApp: TestApp, secret: string, payload: string): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    payload,
    remoteAddress: nextIp(),
  });
}

/**
 * The assistants' MCP server (/mcp) fuzzed with tokens of the owner and of a stranger: tool
 * calls with arguments of each tool's schema, valid or with one hostile change, hostile
 * JSON-RPC messages and hostile values whole. Never a 5xx, from /mcp or from an operation a
 * tool called; a stranger's assistant never reads the owner's trip. Returns the requests made.
 */
export async function fuzzMcp(
  testApp: TestApp,
  world: McpFuzzWorld,
  options: { requests: number; seed: number },
  record: Recorder,
): Promise<number> {
  const secrets = {
    owner: await tokenOf(testApp, world.owner),
    stranger: await tokenOf(testApp, world.stranger),
  };
  const listed = await post(
    testApp,
    secrets.owner,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  );
  const tools = toolList.parse(listed.json()).result.tools;
  const context = { ids: world.ids, resolve: (): JsonSchema => ({}) };
  const toolCall = fc.constantFrom(...tools).chain((tool) => {
    const schema: JsonSchema = tool.inputSchema;
    return fc.oneof(valueFor(schema, context), mutatedValueFor(schema, context)).map((args) => ({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: tool.name, arguments: args },
    }));
  });
  const hostileMessage = fc.record({
    jsonrpc: fc.oneof(fc.constant('2.0'), hostileValue),
    id: fc.oneof(fc.integer(), hostileValue),
    method: fc.constantFrom(
      'tools/call',
      'tools/list',
      'resources/read',
      'resources/list',
      'resources/templates/list',
      'initialize',
      'ping',
      'nothing/here',
    ),
    params: hostileValue,
  });
  const message = fc.oneof(
    { weight: 6, arbitrary: toolCall },
    { weight: 2, arbitrary: hostileMessage },
    { weight: 1, arbitrary: hostileValue },
  );
  const caller = fc.constantFrom<'owner' | 'stranger'>('owner', 'owner', 'stranger');
  const samples = fc.sample(fc.tuple(message, caller), {
    numRuns: options.requests,
    seed: options.seed,
  });
  for (const [body, who] of samples) {
    const payload = JSON.stringify(body) ?? 'null';
    const response = await post(testApp, secrets[who], payload);
    const request = `POST /mcp as the ${who}'s assistant ${payload.slice(0, 300)}`;
    const problems: string[] = [];
    if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
    const answer = toolAnswer.safeParse(safeJson(response.body));
    const status = answer.success ? answer.data.result?.structuredContent?.status : undefined;
    if (status !== undefined && status >= 500)
      problems.push(`a tool's operation answered ${status}`);
    if (who === 'stranger' && world.hidden.some((marker) => response.body.includes(marker))) {
      problems.push("showed the owner's trip to a stranger's assistant");
    }
    if (problems.length === 0) record('', request, response);
    for (const problem of problems) record(problem, request, response);
  }
  return samples.length;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
