import { expect } from 'vitest';
import { describeMatrix, matrixTest } from './matrix';
import { MCP_INITIALIZE, MCP_ROWS } from './mcp.rows';
import { makeTokens, TOKEN_CALLERS } from './token-matrix';

describeMatrix('the assistants’ MCP server', MCP_ROWS);

matrixTest('POST /mcp with API tokens: any working token connects', async ({ world }) => {
  const secrets = await world.once('api tokens', () => makeTokens(world));
  const statuses: Record<string, number> = {};
  for (const caller of TOKEN_CALLERS) {
    const response = await world.api(null, 'POST', '/mcp', {
      headers: {
        authorization: `Bearer ${secrets[caller]}`,
        accept: 'application/json, text/event-stream',
      },
      payload: MCP_INITIALIZE,
    });
    statuses[caller] = response.statusCode;
  }
  // What each may do inside is its tools' operations, each checked by the token gate.
  expect(statuses).toEqual({
    read: 200,
    'read-write': 200,
    'other trip': 200,
    revoked: 401,
    expired: 401,
  });
});
