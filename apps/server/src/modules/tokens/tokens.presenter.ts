import type { ApiToken, CreatedApiToken } from '@jammy/shared/api-tokens';
import type { ApiTokenRow } from './tokens.repository';

/** A token as its traveller sees it: never its secret or hash. */
export function presentToken(row: ApiTokenRow, titles: ReadonlyMap<string, string>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    access: row.access,
    trips:
      row.itineraryIds?.flatMap((id) => {
        const title = titles.get(id);
        return title === undefined ? [] : [{ id, title }];
      }) ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The answer to the token's creation: the one time its secret is shown. */
export function presentCreatedToken(
  row: ApiTokenRow,
  titles: ReadonlyMap<string, string>,
  secret: string,
): CreatedApiToken {
  return { ...presentToken(row, titles), secret };
}
