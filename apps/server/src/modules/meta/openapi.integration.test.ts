import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { serverTest } from '../../../test/fixture';

const test = serverTest({ mail: 'outbox' });

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));

let document: OpenApi;

interface Operation {
  summary?: string;
  'x-token-scope'?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

test.beforeAll(async ({ server }) => {
  const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApi>();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );

describe('the OpenAPI document', () => {
  test('describes a successful answer with its schema for every operation', () => {
    const undescribed = operations()
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        return (
          success.length === 0 ||
          success.some(([status, answer]) => status !== '204' && !answer.content)
        );
      })
      .map(({ method, url }) => `${method.toUpperCase()} ${url}`);
    expect(undescribed).toEqual([]);
    expect(operations().length).toBeGreaterThan(60);
  });

  test('describes the error answers with the one error schema', () => {
    for (const { method, url, operation } of operations()) {
      const errors = Object.entries(operation.responses ?? {}).filter(
        // The health and readiness checks' 503 is the same report as their 200, which probes read.
        ([status]) =>
          /^[45]/.test(status) &&
          !(['/api/health', '/api/health/ready', '/readyz'].includes(url) && status === '503'),
      );
      expect(errors.length, `${method} ${url}`).toBeGreaterThan(0);
      for (const [status, answer] of errors) {
        expect(
          JSON.stringify(answer.content?.['application/json']?.schema),
          `${method} ${url} ${status}`,
        ).toContain('#/components/schemas/Error');
      }
    }
  });

  test('says which API token scope each operation needs', () => {
    const scopes = Object.fromEntries(
      operations().map(({ method, url, operation }) => [
        `${method.toUpperCase()} ${url}`,
        operation['x-token-scope'],
      ]),
    );
    const unsaid = Object.entries(scopes).filter(
      ([, scope]) => !['read', 'write', 'none'].includes(scope ?? ''),
    );
    expect(unsaid).toEqual([]);
    // No token reaches the account, its tokens, sharing settings or the shop's purchases.
    expect(scopes).toMatchObject({
      'GET /api/me': 'none',
      'POST /api/me/tokens': 'none',
      'DELETE /api/me/tokens/{tokenId}': 'none',
      'POST /api/itineraries/{id}/share-links': 'none',
      'POST /api/itineraries/{id}/invitations': 'none',
      'POST /api/shop/orders': 'none',
      'GET /api/admin/outbox': 'none',
      'GET /api/itineraries/{id}': 'read',
      'GET /api/itineraries/{id}/events': 'read',
      'POST /api/itineraries/{id}/notes': 'write',
    });
  });

  test('passes Redocly’s recommended lint rules with no error', { timeout: 60_000 }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'jammy-openapi-'));
    const file = path.join(folder, 'openapi.json');
    try {
      await writeFile(file, JSON.stringify(document));
      const result = await run(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'),
          'lint',
          file,
          '--config',
          path.join(repoRoot, 'redocly.yaml'),
          '--format',
          'json',
        ],
        { cwd: repoRoot, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
      ).catch((error: { stdout?: string; stderr?: string }) => error);
      const output = String(result.stdout ?? '');
      const report = JSON.parse(output.slice(output.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; severity: string; location: unknown[] }[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map(
          (problem) => `${problem.ruleId}: ${problem.message} ${JSON.stringify(problem.location)}`,
        );
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
