/** What a better-auth client call answers: its data, or the error it was refused with. */
export type AuthResult<T, E> = { data: T; error: null } | { data: null; error: E };

/** The fetch options handed to a better-auth call so the answer's headers can be read. */
export interface AuthFetchOptions {
  onError: (context: { response: Response }) => void;
}

/**
 * Runs one better-auth client call and returns its data. A refusal is thrown as what
 * `refused` makes of it (with the Retry-After of a 429); no answer at all (offline, the
 * time-out) as what `failed` makes of the thrown error.
 */
export async function runAuthCall<T, E>(
  run: (fetchOptions: AuthFetchOptions) => Promise<AuthResult<T, E>>,
  refused: (error: E, retryAfter: string | null) => Error,
  failed: (error: unknown) => Error,
): Promise<T> {
  let retryAfter: string | null = null;
  let result: AuthResult<T, E>;
  try {
    result = await run({
      onError: ({ response }) => {
        retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
      },
    });
  } catch (error) {
    throw failed(error);
  }
  if (result.error !== null) throw refused(result.error, retryAfter);
  // No error: the answer is the data (which may itself be null, as for "no session").
  return result.data as T;
}
