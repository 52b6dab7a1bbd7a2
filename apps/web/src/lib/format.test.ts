import { describe, expect, it } from 'vitest';
import { formatDateRange, formatDuration, formatMoney, tripDays, formatBytes } from './format';

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
});

describe('formatBytes', () => {
  it('picks the unit and keeps one decimal under ten', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(596, 'en')).toBe('596 bytes');
    expect(formatBytes(820 * 1024, 'en')).toBe('820 kB');
    expect(formatBytes(4.2 * 1024 * 1024, 'en')).toBe('4.2 MB');
    expect(formatBytes(15 * 1024 * 1024, 'en')).toBe('15 MB');
    expect(formatBytes(5120 * 1024 * 1024, 'en')).toBe('5 GB');
  });

  it('writes numbers the language’s way', () => {
    expect(formatBytes(4.2 * 1024 * 1024, 'de')).toBe('4,2 MB');
  });
});
