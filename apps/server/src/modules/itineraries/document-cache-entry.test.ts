import { describe, expect, it } from 'vitest';
import { withRole } from './document-cache-entry';

describe('withRole', () => {
  const owner =
    '{"itinerary" : {"role" : "owner", "id" : "x", "title" : "\\"role\\" : \\"viewer\\""}}';

  it('changes the first value only, the role PostgreSQL writes first', () => {
    expect(withRole(owner, 'editor')).toBe(
      '{"itinerary" : {"role" : "editor", "id" : "x", "title" : "\\"role\\" : \\"viewer\\""}}',
    );
    expect(withRole(owner, 'owner')).toBe(owner);
    expect(JSON.parse(withRole(owner, 'viewer') ?? '')).toEqual({
      itinerary: { role: 'viewer', id: 'x', title: '"role" : "viewer"' },
    });
  });

  it('makes nothing of a text that does not begin as PostgreSQL writes a document', () => {
    expect(withRole('{"itinerary":{"role":"owner","id":"x"}}', 'editor')).toBeUndefined();
    expect(withRole('{"itinerary" : {"id" : "x", "role" : "owner"}}', 'editor')).toBeUndefined();
    expect(withRole('{"itinerary" : {"role" : "owner', 'editor')).toBeUndefined();
  });
});
