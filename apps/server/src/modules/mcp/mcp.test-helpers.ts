import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TestApp } from '../../../test/test-app';

/** The address of `app`'s MCP server, listening on a free port first if it is not yet. */
export async function mcpUrl(app: TestApp): Promise<URL> {
  if (!app.app.server.listening) await app.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.app.server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

/** An assistant connected to `app` with `secret`, as an MCP client from the SDK connects. */
export async function connectAssistant(app: TestApp, secret: string): Promise<Client> {
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(await mcpUrl(app), {
    requestInit: { headers: { authorization: `Bearer ${secret}` } },
  });
  await client.connect(transport);
  return client;
}

/** What a tool's result holds: the API's status and answer (its structured content). */
export function answerOf(result: CallToolResult): { status: number; data: unknown } {
  const content = result.structuredContent;
  if (!content || typeof content.status !== 'number') {
    throw new Error(`a tool result without the API's answer: ${JSON.stringify(result)}`);
  }
  return { status: content.status, data: content.data };
}

/** Calls tool `name` with `args`; its result as the specification shapes it. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
}

/** The id of what a tool's call created (its answer's `id`). */
export function idOf(result: CallToolResult): string {
  return z.object({ id: z.string() }).parse(answerOf(result).data).id;
}
