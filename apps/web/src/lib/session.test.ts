import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery, resetSession, takeSessionFromPage } from './session';

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

describe('takeSessionFromPage', () => {
  /** A page whose head holds `text` as the session element (none when undefined). */
  function pageWith(text: string | undefined) {
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === 'jammy-session' && text !== undefined ? { textContent: text } : null,
    });
  }
  const traveller = { id: '01a21a4c-becf-7adf-92c9-2c503c23ca5b', name: 'Ada' };

  it('takes the traveller the server named, or nobody, as `me`', () => {
    pageWith(JSON.stringify({ user: traveller }));
    const signedIn = new QueryClient();
    takeSessionFromPage(signedIn);
    expect(signedIn.getQueryData(meQuery.queryKey)).toEqual(traveller);

    pageWith('{"user":null}');
    const visitor = new QueryClient();
    takeSessionFromPage(visitor);
    expect(visitor.getQueryState(meQuery.queryKey)?.status).toBe('success');
    expect(visitor.getQueryData(meQuery.queryKey)).toBeNull();
  });

  it('leaves `me` to be asked when the page has no session, or one it cannot read', () => {
    for (const text of [undefined, '', 'not json', '[]', '{"user":{"name":"no id"}}', '{}']) {
      pageWith(text);
      const queryClient = new QueryClient();
      takeSessionFromPage(queryClient);
      expect(queryClient.getQueryState(meQuery.queryKey), String(text)).toBeUndefined();
    }
  });
});
