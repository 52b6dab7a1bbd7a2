import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery, resetSession } from './session';

/** A fetch of /api/session that answers "nobody is signed in" when `release` is called. */
function pendingMeFetch() {
  const releases: Array<() => void> = [];
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        releases.push(() =>
          resolve(
            new Response(JSON.stringify({ user: null }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          ),
        );
      }),
  );
  return { fetch, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resetSession', () => {
  it('lets two overlapping resets share one run: neither fails, `me` is fetched once', async () => {
    const me = pendingMeFetch();
    vi.stubGlobal('fetch', me.fetch);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['itineraries'], ['a trip of the previous person']);

    const first = resetSession(queryClient);
    const second = resetSession(queryClient);
    await vi.waitFor(() => expect(me.fetch).toHaveBeenCalledTimes(1));
    me.releaseAll();

    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    expect(me.fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(meQuery.queryKey)).toBeNull();
    expect(queryClient.getQueryData(['itineraries'])).toBeUndefined();
  });

  it('asks again when its fetch of `me` is cancelled by the cache being emptied elsewhere', async () => {
    const me = pendingMeFetch();
    vi.stubGlobal('fetch', me.fetch);
    const queryClient = new QueryClient();

    const reset = resetSession(queryClient);
    await vi.waitFor(() => expect(me.fetch).toHaveBeenCalledTimes(1));
    queryClient.removeQueries();
    await vi.waitFor(() => expect(me.fetch).toHaveBeenCalledTimes(2));
    me.releaseAll();

    await expect(reset).resolves.toBeUndefined();
    expect(queryClient.getQueryData(meQuery.queryKey)).toBeNull();
  });

  it('starts afresh once the previous reset has finished', async () => {
    const me = pendingMeFetch();
    vi.stubGlobal('fetch', me.fetch);
    const queryClient = new QueryClient();
    const first = resetSession(queryClient);
    await vi.waitFor(() => expect(me.fetch).toHaveBeenCalledTimes(1));
    me.releaseAll();
    await first;

    const second = resetSession(queryClient);
    await vi.waitFor(() => expect(me.fetch).toHaveBeenCalledTimes(2));
    me.releaseAll();
    await second;
  });
});
