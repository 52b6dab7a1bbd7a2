import { afterEach } from 'vitest';
import { contractViolations } from '../src/lib/contract';

// Every answer the integration tests cause is checked against its route's schema (test
// mode, lib/contract.ts): a test whose requests got an answer that breaks it fails here.
afterEach(() => {
  const seen = contractViolations().splice(0);
  if (seen.length > 0) {
    const lines = seen.map(({ route, status, problem }) => `${route} → ${status}: ${problem}`);
    throw new Error(`Answers that do not match their schema:\n${lines.join('\n')}`);
  }
});
