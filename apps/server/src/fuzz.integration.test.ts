import { describe, expect } from 'vitest';
import { contractViolations } from './lib/contract';
import { fuzzApi, type FuzzReport } from '../test/fuzz/fuzz';
import { serverTest } from '../test/fixture';

// MCP_ENABLED: the assistants' MCP server is fuzzed too.
const test = serverTest({ mail: 'outbox', env: { MCP_ENABLED: 'true' } });

// A short run in `npm test`; `npm run fuzz` runs the same with FUZZ_REQUESTS=12000.
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

let report: FuzzReport;

describe('fuzzing every operation of the OpenAPI document', () => {
  test(
    `keeps every invariant over ${REQUESTS} generated requests`,
    { timeout: Math.max(120_000, REQUESTS * 60) },
    async ({ server }) => {
      report = await fuzzApi(server, { requests: REQUESTS, seed: SEED });
      // Answers that broke their schema were turned into 500s and are findings already.
      contractViolations().splice(0);
      const summary = `${report.requests} requests over ${report.operations} operations, seed ${report.seed}, statuses ${JSON.stringify(report.statuses)}`;
      console.info(`fuzz: ${summary}`);
      expect(report.findings, summary).toEqual([]);
      expect(report.requests).toBeGreaterThanOrEqual(REQUESTS * 0.9);
    },
  );
});
