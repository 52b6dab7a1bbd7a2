import { z } from 'zod';
import { identityConfigOf, identityVariables, type IdentityPart } from './config/identity';
import { inboxConfigOf, inboxVariables, type InboxPart } from './config/inbox';
import { operatorConfigOf, operatorVariables, type OperatorPart } from './config/operator';
import {
  processConfigOf,
  processProblems,
  processVariables,
  type ProcessPart,
} from './config/process';
import { servicesConfigOf, servicesVariables, type ServicesPart } from './config/services';
import { shopConfigOf, shopProblems, shopVariables, type ShopPart } from './config/shop';
import {
  storageConfigOf,
  storageProblems,
  storageVariables,
  type StoragePart,
} from './config/storage';

/**
 * Every variable, by topic (config/*.ts: each topic's variables, what they make of the
 * configuration, and the rules between them).
 */
const envSchema = z.object({
  ...processVariables,
  ...identityVariables,
  ...shopVariables,
  ...servicesVariables,
  ...storageVariables,
  ...operatorVariables,
  ...inboxVariables,
});

/** The server's configuration, read once from the environment at start-up (DESIGN §8). */
export type { InboxConfig } from './config/inbox';

export interface Config
  extends ProcessPart, IdentityPart, ShopPart, ServicesPart, StoragePart, OperatorPart, InboxPart {}

/** A configuration that cannot start the server; its message lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const invalid = (lines: readonly string[]) =>
  new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);

/** Parses the environment once; throws one readable ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to an empty string (common in .env files) counts as unset.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map(
        (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    );
  }
  const values = parsed.data;
  // Variables valid one by one that do not go together: the first topic at fault says why.
  for (const problems of [shopProblems(values), processProblems(values), storageProblems(values)]) {
    if (problems.length > 0) throw invalid(problems);
  }
  return {
    ...processConfigOf(values),
    ...identityConfigOf(values),
    ...shopConfigOf(values),
    ...servicesConfigOf(values),
    ...storageConfigOf(values),
    ...operatorConfigOf(values),
    ...inboxConfigOf(values),
  };
}
