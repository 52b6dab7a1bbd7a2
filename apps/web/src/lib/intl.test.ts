import { describe, expect, it } from 'vitest';
import { dateTimeFormat, displayNames, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('are made once per language and options, then reused', () => {
    const medium = dateTimeFormat('it', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(dateTimeFormat('it', { dateStyle: 'medium', timeZone: 'UTC' })).toBe(medium);
    expect(dateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(medium);
    expect(dateTimeFormat('it', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(medium);
    expect(medium.format(new Date('2027-04-03T00:00:00Z'))).toBe('3 apr 2027');
  });

  it('keep each kind apart under the same language and options', () => {
    expect(numberFormat('de')).not.toBe(dateTimeFormat('de'));
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
    expect(displayNames('en', { type: 'region' }).of('PT')).toBe('Portugal');
  });
});
