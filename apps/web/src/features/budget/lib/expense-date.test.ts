import { describe, expect, it } from 'vitest';
import { defaultExpenseDate, localDay } from './expense-date';

const june = { startDate: '2027-06-10', endDate: '2027-06-14' };

describe('the date a new expense starts on', () => {
  it('is today while the trip is under way', () => {
    expect(defaultExpenseDate(june, '2027-06-10')).toBe('2027-06-10');
    expect(defaultExpenseDate(june, '2027-06-12')).toBe('2027-06-12');
    expect(defaultExpenseDate(june, '2027-06-14')).toBe('2027-06-14');
  });

  it('is the trip’s first day before and after it', () => {
    expect(defaultExpenseDate(june, '2027-05-01')).toBe('2027-06-10');
    expect(defaultExpenseDate(june, '2027-07-01')).toBe('2027-06-10');
  });

  it('is today when the trip has no dates, and its one date when it has one', () => {
    expect(defaultExpenseDate({ startDate: null, endDate: null }, '2027-05-01')).toBe('2027-05-01');
    expect(defaultExpenseDate({ startDate: '2027-06-10', endDate: null }, '2027-05-01')).toBe(
      '2027-06-10',
    );
    expect(defaultExpenseDate({ startDate: '2027-06-10', endDate: null }, '2027-06-10')).toBe(
      '2027-06-10',
    );
    expect(defaultExpenseDate({ startDate: null, endDate: '2027-06-14' }, '2027-06-20')).toBe(
      '2027-06-14',
    );
  });

  it('reads today in the device’s own calendar', () => {
    expect(localDay(new Date(2027, 5, 9, 23, 30))).toBe('2027-06-09');
  });
});
