import { describe, expect, it } from 'vitest';
import { splitOf, type SplitDraft } from './expense-split';

const people = [{ userId: 'greta' }, { userId: 'hans' }, { userId: 'ida' }];
const draft: SplitDraft = {
  mode: 'shares',
  currency: 'EUR',
  included: { greta: true, hans: true, ida: true },
  shares: { greta: '1', hans: '1', ida: '1' },
  amounts: { greta: '', hans: '', ida: '' },
};

describe('splitOf', () => {
  it('splits by whole shares as typed, leaving out nought and empty ones', () => {
    const shares = (typed: Record<string, string>, language = 'de') =>
      splitOf({ ...draft, shares: typed }, people, 3000, language);
    expect(shares({ greta: '2', hans: '1', ida: '' })).toEqual({
      split: {
        mode: 'shares',
        shares: [
          { userId: 'greta', shares: 2 },
          { userId: 'hans', shares: 1 },
        ],
      },
    });
    expect(shares({ greta: '٢', hans: '١', ida: '٠' }, 'ar')).toEqual(
      shares({ greta: '2', hans: '1', ida: '0' }),
    );
    expect(shares({ greta: '1.000', hans: '1', ida: '' })).toMatchObject({
      split: {
        shares: [
          { userId: 'greta', shares: 1000 },
          { userId: 'hans', shares: 1 },
        ],
      },
    });
    expect(shares({ greta: '0', hans: '', ida: ' ' })).toEqual({ error: 'errors.nobody' });
  });

  it('names the problem of each person’s shares', () => {
    expect(
      splitOf({ ...draft, shares: { greta: '1,5', hans: '-1', ida: '1001' } }, people, 3000, 'de'),
    ).toEqual({ shares: { greta: 'too-precise', hans: 'negative', ida: 'out-of-range' } });
  });

  it('splits equally among those included, and exactly by amounts that add up', () => {
    expect(
      splitOf(
        { ...draft, mode: 'equal', included: { greta: true, hans: false } },
        people,
        3000,
        'en',
      ),
    ).toEqual({ split: { mode: 'equal', userIds: ['greta'] } });
    const exact = { ...draft, mode: 'exact' as const };
    expect(
      splitOf({ ...exact, amounts: { greta: '20,00', hans: '10', ida: '' } }, people, 3000, 'de'),
    ).toEqual({
      split: {
        mode: 'exact',
        amounts: [
          { userId: 'greta', amountMinor: 2000 },
          { userId: 'hans', amountMinor: 1000 },
        ],
      },
    });
    expect(
      splitOf({ ...exact, amounts: { greta: '20', hans: '5', ida: '' } }, people, 3000, 'de'),
    ).toEqual({ error: 'errors.exactSum' });
    expect(
      splitOf({ ...exact, amounts: { greta: '-5', hans: '', ida: '' } }, people, 3000, 'de'),
    ).toEqual({ amounts: { greta: 'negative' } });
  });
});
