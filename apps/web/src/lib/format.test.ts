import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateRange, formatDuration, formatMoney, tripDays } from './format';

describe('format', () => {
  it('formats date ranges in the language', () => {
    expect(formatDateRange('2027-04-03', '2027-04-09', 'en')).toMatch(/Apr.*3.*9.*2027/);
    expect(formatDateRange('2027-04-03', null, 'it')).toMatch(/2027/);
    expect(formatDateRange(null, null, 'en')).toBeNull();
  });

  it('counts trip days inclusively', () => {
    expect(tripDays('2027-04-03', '2027-04-09')).toBe(7);
    expect(tripDays('2027-04-03', '2027-04-03')).toBe(1);
    expect(tripDays(null, '2027-04-03')).toBeNull();
  });

  it('formats money and durations', () => {
    expect(formatMoney(12.5, 'EUR', 'en')).toBe('€12.50');
    expect(formatDuration(90, 'en')).toBe('1 hr 30 min');
    expect(formatDuration(45, 'en')).toBe('45 min');
  });

  it('formats sizes in the largest fitting unit', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(41_943_040, 'en')).toBe('41.9 MB');
    expect(formatBytes(1_500, 'de')).toBe('1,5 kB');
  });
});
