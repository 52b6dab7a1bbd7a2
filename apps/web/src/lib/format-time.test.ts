import { describe, expect, it } from 'vitest';
import { formatRelative, formatWait } from './format-time';

describe('formatWait', () => {
  it('says seconds for short waits and minutes for long ones', () => {
    expect(formatWait(45, 'en')).toBe('45 seconds');
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(300, 'en')).toBe('5 minutes');
    expect(formatWait(300, 'it')).toBe('5 minuti');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2025-05-12T12:00:00Z');
  it('speaks of the recent past in words', () => {
    expect(formatRelative('2025-05-12T11:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(formatRelative('2025-05-12T11:59:58Z', 'en', now)).toBe('now');
    expect(formatRelative('2025-05-11T12:00:00Z', 'en', now)).toBe('yesterday');
  });
});
