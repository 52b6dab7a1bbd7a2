import { describe, expect, it } from 'vitest';
import { osmCategory } from './osm-category';

describe('osmCategory', () => {
  it('reads the category from the OpenStreetMap tag', () => {
    expect(osmCategory('tourism', 'museum')).toBe('museum');
    expect(osmCategory('amenity', 'restaurant')).toBe('food');
    expect(osmCategory('historic', 'castle')).toBe('sight');
    expect(osmCategory('railway', 'station')).toBe('transport');
    expect(osmCategory('place', 'town')).toBe('city');
    expect(osmCategory('shop', 'bakery')).toBe('shopping');
  });

  it('answers other for tags it has no category for, never a guess', () => {
    expect(osmCategory('boundary', 'administrative')).toBe('other');
    expect(osmCategory('highway', 'residential')).toBe('other');
    expect(osmCategory(undefined, undefined)).toBe('other');
  });
});
