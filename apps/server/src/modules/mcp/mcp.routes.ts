import { JSON_BODY_LIMIT_BYTES } from '@jammy/shared/constants';
import { IMPORT_MAX_BYTES } from '@jammy/shared/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerSecret } from '../../auth/api-tokens';
import { toHeaders, type Sessions } from '../../auth/session';
import { sendJsonText } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import type { ApiCall } from './mcp-calls';
import { openApiDocumentSchema, toolsOf, type Tool } from './mcp-tools';

/** Where assistants connect (MCP's streamable HTTP transport). */
export const MCP_PATH = '/mcp';
/** The largest message: a file to import in base64 (a third larger), and the rest of it. */
export const MCP_BODY_LIMIT_BYTES = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + JSON_BODY_LIMIT_BYTES;
/** How a client learns that this address wants a bearer token (RFC 6750). */
const CHALLENGE = 'Bearer realm="Jammy"';

/**
 * The MCP SDK, loaded with the first call rather than at every start (a fifth of a second or
 * more, for an endpoint most servers rarely or never answer: issue 34's start); later calls
 * find the modules loaded.
 */
const loadSdk = () =>
  Promise.all([
    import('./mcp-server'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);

/** Calls the API as `request`'s sender: its token, address, agent and request id. */
function apiCallOf(app: FastifyInstance, request: FastifyRequest, authorization: string): ApiCall {
  return async (call) => {
    const answer = await app.inject({
      method: call.method,
      url: call.url,
      headers: {
        authorization,
        'x-request-id': request.id,
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        ...(call.contentType ? { 'content-type': call.contentType } : {}),
      },
      ...(call.payload === undefined ? {} : { payload: call.payload }),
      remoteAddress: request.ip,
    });
    return {
      status: answer.statusCode,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: answer.body,
    };
  };
}

/**
 * /mcp: the MCP server for assistants (docs/decisions/046), when MCP_ENABLED. Stateless:
 * each request gets its own server and transport, so any process answers any request. Only a
 * personal API token opens it (a session cookie does not: no page of ours calls it); its tools
 * are the API's operations the token may call, each called through the API itself.
 */
export function mcpRoutes(app: FastifyInstance, deps: { sessions: Sessions; version: string }) {
  let tools: Tool[] | undefined;
  // The document is complete once every route is registered: read at the first call.
  const catalogue = () => (tools ??= toolsOf(openApiDocumentSchema.parse(app.swagger())));

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    bodyLimit: MCP_BODY_LIMIT_BYTES,
    // Not an operation of the REST API; the tools' own operations say what each needs.
    schema: { hide: true, 'x-token-scope': 'read' },
    onSend: (_request, reply, payload, done) => {
      if (reply.statusCode === 401) reply.header('www-authenticate', CHALLENGE);
      done(null, payload);
    },
    handler: async (request, reply) => {
      const authorization = request.headers.authorization;
      const current = bearerSecret(request) ? await deps.sessions.find(request) : null;
      const grant = current?.token;
      if (!grant || !authorization) {
        throw new AppError(
          'auth/unauthenticated',
          'Send a personal API token of Jammy: Authorization: Bearer jmy_…',
        );
      }
      if (request.method !== 'POST') {
        // Stateless: no stream of the server's own messages to open, no session to end.
        reply.status(405).header('allow', 'POST');
        return sendJsonText(
          reply,
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: send messages with POST' },
            id: null,
          }),
        );
      }
      const [{ mcpServerFor }, { WebStandardStreamableHTTPServerTransport }] = await loadSdk();
      const server = mcpServerFor({
        version: deps.version,
        tools: catalogue(),
        grant,
        api: apiCallOf(app, request, authorization),
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const answer = await transport.handleRequest(
          // The transport reads the method, headers and body; the address is never used.
          new Request(new URL(MCP_PATH, 'http://localhost'), {
            method: 'POST',
            headers: toHeaders(request),
          }),
          { parsedBody: request.body },
        );
        reply.status(answer.status);
        answer.headers.forEach((value, name) => void reply.header(name, value));
        const text = await answer.text();
        return text === '' ? reply.send() : sendJsonText(reply, text);
      } finally {
        await server.close();
      }
    },
  });
}
