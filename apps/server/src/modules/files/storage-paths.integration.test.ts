import type { ObjectList, ObjectMetadata } from '@jammy/shared/storage';
import type { ShareLink } from '@jammy/shared/sharing';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { type SignedInUser, type Traveller } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import { pdfDocument, pngImage, upload, uploaded } from '../../../test/storage-helpers';

// Object paths have one spelling: `itineraries/{lower-case id}/…` and the folders Jammy gives a
// meaning to (`cover`, `photos`, `attachments`) exactly so. Any other spelling of them is a
// 400, so there is no second tree of a trip, and no way around the members-only attachments.

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let owner: Traveller;
let editor: Traveller;
let stranger: Traveller;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  [owner, editor, stranger] = await Promise.all([
    server.traveller({ label: 'owner' }),
    server.traveller({ label: 'editor' }),
    server.traveller({ label: 'stranger' }),
  ]);
}, 60_000);

function get(url: string, user: SignedInUser | null = null): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'GET',
    url,
    headers: user ? { cookie: user.cookie } : {},
  });
}

function expectPathRefused(response: LightMyRequestResponse, field = 'name') {
  const body = expectError(response, 400, 'storage/invalid-argument');
  expect(body.error.details).toMatchObject({ issues: [{ field }] });
  return body;
}

describe('one spelling of every path', () => {
  test('refuses an upload to another spelling of a trip, a traveller or a folder', async () => {
    const id = (await createItinerary(owner)).id;
    const photo = await pngImage(16, 16);
    const spellings = [
      `itineraries/${id.toUpperCase()}/photos/a.png`,
      `itineraries/${id.slice(0, 8).toUpperCase()}${id.slice(8)}/photos/a.png`,
      `Itineraries/${id}/photos/a.png`,
      `ITINERARIES/${id}/photos/a.png`,
      `itineraries/${id}/Photos/a.png`,
      `itineraries/${id}/PHOTOS/a.png`,
      `itineraries/${id}/Cover/a.png`,
      `itineraries/${id}/Attachments/a.png`,
      // Full-width letters fold to the same word (NFKC).
      `itineraries/${id}/ａｔｔａｃｈｍｅｎｔｓ/a.png`,
      `users/${owner.id.toUpperCase()}/a.png`,
      `Users/${owner.id}/a.png`,
    ];
    for (const path of spellings) {
      const body = expectPathRefused(await upload(server, owner, path, photo));
      expect(body.error.message, path).toMatch(/^name: /);
    }
    // Nothing was stored under any of them.
    const listed = expectStatus<ObjectList>(
      await get(`/v0/b/jammy/o?prefix=${encodeURIComponent(`itineraries/${id}/`)}`, owner),
      200,
    );
    expect(listed).toEqual({ prefixes: [], items: [] });
    // The canonical spelling works.
    await uploaded(server, owner, `itineraries/${id}/photos/a.png`, photo);
  });

  test('refuses reads, listings, changes and deletes by another spelling', async () => {
    const id = (await createItinerary(owner)).id;
    const meta = await uploaded(
      server,
      owner,
      `itineraries/${id}/photos/p.png`,
      await pngImage(16, 16),
    );
    const other = `itineraries/${id.toUpperCase()}/photos/p.png`;
    const url = `/v0/b/jammy/o/${encodeURIComponent(other)}`;
    expectPathRefused(await get(url, owner));
    expectPathRefused(await get(`${url}?alt=media&token=${meta.downloadTokens}`));
    expectPathRefused(
      await get(`/v0/b/jammy/o?prefix=${encodeURIComponent(`itineraries/${id}/Photos/`)}`, owner),
      'prefix',
    );
    for (const method of ['PATCH', 'DELETE'] as const) {
      expectPathRefused(
        await server.app.inject({
          method,
          url,
          headers: {
            cookie: owner.cookie,
            origin: server.config.baseUrl.origin,
            'content-type': 'application/json',
          },
          payload: method === 'PATCH' ? '{}' : undefined,
        }),
      );
    }
  });
});

describe('attachments stay with the members', () => {
  let id: string;
  let share: string;
  let ticket: ObjectMetadata;

  test.beforeAll(async () => {
    id = (await createItinerary(owner)).id;
    await addMember(server, id, editor.id, 'editor');
    ticket = await uploaded(
      server,
      owner,
      `itineraries/${id}/attachments/ticket.pdf`,
      pdfDocument(2000),
    );
    await uploaded(server, owner, `itineraries/${id}/photos/view.png`, await pngImage());
    const link = expectStatus<ShareLink>(
      await owner.post(`/api/itineraries/${id}/share-links`, {}),
      201,
    );
    share = new URL(link.url ?? '').searchParams.get('share') ?? '';
  });

  test('are not read by a share-link holder under any spelling', async () => {
    const ticketName = 'ticket.pdf';
    const tries: { path: string; raw?: boolean }[] = [
      { path: `itineraries/${id}/attachments/${ticketName}` },
      { path: `itineraries/${id.toUpperCase()}/attachments/${ticketName}` },
      { path: `itineraries/${id}/Attachments/${ticketName}` },
      { path: `itineraries/${id}/ATTACHMENTS/${ticketName}` },
      { path: `itineraries/${id}/ａｔｔａｃｈｍｅｎｔｓ/${ticketName}` },
      { path: `itineraries/${id}/photos/../attachments/${ticketName}` },
      { path: `itineraries/${id}/attachments/./${ticketName}` },
      { path: `itineraries/${id}//attachments/${ticketName}` },
      // The path as separate segments in the address, and encoded twice.
      { path: `itineraries/${id}/attachments/${ticketName}`, raw: true },
      {
        path: encodeURIComponent(`itineraries/${id}/attachments/${ticketName}`),
      },
      { path: `itineraries/${id}/attachments%2F${ticketName}`, raw: true },
      { path: `itineraries/${id}/%61ttachments/${ticketName}`, raw: true },
      { path: `itineraries%2F${id}%2F%41ttachments%2F${ticketName}`, raw: true },
    ];
    for (const { path, raw } of tries) {
      const address = raw ? path : encodeURIComponent(path);
      for (const query of [`?share=${share}`, `?alt=media&share=${share}`]) {
        for (const user of [null, stranger]) {
          const response = await get(`/v0/b/jammy/o/${address}${query}`, user);
          expect(
            [400, 401, 403, 404],
            `${address}${query} as ${user ? 'a stranger' : 'nobody'}`,
          ).toContain(response.statusCode);
          expect(response.body).not.toContain(ticket.md5Hash);
          expect(response.body).not.toContain('%PDF');
        }
      }
    }
    // The photos of the same trip are open to the link.
    const photo = await get(
      `/v0/b/jammy/o/${encodeURIComponent(`itineraries/${id}/photos/view.png`)}?share=${share}`,
    );
    expect(photo.statusCode).toBe(200);
  });

  test('are not listed to a share-link holder, signed in or not', async () => {
    const prefixes = [
      `itineraries/${id}/`,
      `itineraries/${id}/att`,
      `itineraries/${id}/attachments`,
      `itineraries/${id}/attachments/`,
    ];
    for (const prefix of prefixes) {
      for (const delimiter of ['', '/']) {
        for (const user of [null, stranger]) {
          const response = await get(
            `/v0/b/jammy/o?prefix=${encodeURIComponent(prefix)}&delimiter=${encodeURIComponent(delimiter)}&share=${share}`,
            user,
          );
          const what = `${prefix} (delimiter "${delimiter}") as ${user ? 'a stranger' : 'nobody'}`;
          if (response.statusCode !== 200) {
            expect([401, 403], what).toContain(response.statusCode);
            continue;
          }
          const listed = response.json<ObjectList>();
          const names = [...listed.prefixes, ...listed.items.map((item) => item.name)];
          expect(
            names.filter((name) => name.includes('attachments')),
            what,
          ).toEqual([]);
        }
      }
    }
    // A member lists them.
    const member = expectStatus<ObjectList>(
      await get(`/v0/b/jammy/o?prefix=${encodeURIComponent(`itineraries/${id}/`)}`, editor),
      200,
    );
    expect(member.items.map((item) => item.name)).toContain(ticket.fullPath);
  });
});
