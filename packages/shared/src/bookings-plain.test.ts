import { describe, expect, it } from 'vitest';
import { zonedInstant } from './bookings-plain';

const iso = (local: string, zone: string) => new Date(zonedInstant(local, zone)).toISOString();

describe('zonedInstant', () => {
  it('reads an ordinary wall-clock time in its zone', () => {
    expect(iso('2027-03-28T10:00', 'Europe/Rome')).toBe('2027-03-28T08:00:00.000Z');
    expect(iso('2027-03-28T13:30', 'America/New_York')).toBe('2027-03-28T17:30:00.000Z');
    expect(iso('2027-05-02T10:30', 'Asia/Kathmandu')).toBe('2027-05-02T04:45:00.000Z');
  });

  it('reads the hours around a change of the clocks, on the day of the change', () => {
    // New York springs forward at 02:00 on 14 March 2027: 01:00 is EST, 04:00 is EDT.
    expect(iso('2027-03-14T01:00', 'America/New_York')).toBe('2027-03-14T06:00:00.000Z');
    expect(iso('2027-03-14T04:00', 'America/New_York')).toBe('2027-03-14T08:00:00.000Z');
    expect(iso('2027-03-14T03:00', 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    // Rome at 02:00 on 28 March 2027.
    expect(iso('2027-03-28T01:30', 'Europe/Rome')).toBe('2027-03-28T00:30:00.000Z');
    expect(iso('2027-03-28T03:30', 'Europe/Rome')).toBe('2027-03-28T01:30:00.000Z');
    // Falling back in New York on 7 November 2027.
    expect(iso('2027-11-07T00:30', 'America/New_York')).toBe('2027-11-07T04:30:00.000Z');
    expect(iso('2027-11-07T03:00', 'America/New_York')).toBe('2027-11-07T08:00:00.000Z');
  });

  it('reads a skipped time as the hour after, a repeated one as its second occurrence', () => {
    expect(iso('2027-03-14T02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    expect(iso('2027-11-07T01:30', 'America/New_York')).toBe('2027-11-07T06:30:00.000Z');
  });
});
