import type { Row, Statuses } from './matrix';

/** The first message an MCP client sends. */
export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'matrix', version: '1' },
  },
};

/** Only a personal API token opens /mcp: a session cookie or a share link never does. */
const tokensOnly: Statuses = [401, 401, 401, 401, 401, 401, 401];

// The assistants' MCP server (docs/decisions/046); its answers to tokens are in mcp.integration.test.ts.
export const MCP_ROWS: readonly Row[] = [
  { method: 'POST', path: '/mcp', expect: tokensOnly, payload: () => MCP_INITIALIZE },
  { method: 'GET', path: '/mcp', expect: tokensOnly },
  { method: 'DELETE', path: '/mcp', expect: tokensOnly },
];
