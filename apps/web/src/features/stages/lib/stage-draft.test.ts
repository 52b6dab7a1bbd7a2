import { describe, expect, it } from 'vitest';
import {
  EMPTY_STAGE_DRAFT,
  draftToInput,
  stageErrorsFromFields,
  validateStageDraft,
} from './stage-draft';

describe('stage drafts', () => {
  it('needs a title and dates in order', () => {
    expect(validateStageDraft({ ...EMPTY_STAGE_DRAFT, title: '  ' })).toEqual({
      title: 'validation.required',
    });
    expect(
      validateStageDraft({
        ...EMPTY_STAGE_DRAFT,
        title: 'Kyoto',
        startDate: '2027-04-05',
        endDate: '2027-04-03',
      }),
    ).toEqual({ endDate: 'validation.endBeforeStart' });
  });

  it('sends nulls for empty fields and drops coordinates without a name', () => {
    expect(
      draftToInput(
        {
          ...EMPTY_STAGE_DRAFT,
          title: ' Kyoto ',
          destination: { name: '', lat: 35, lng: 135, countryCode: 'JP' },
        },
        false,
      ),
    ).toEqual({
      title: 'Kyoto',
      destinationName: null,
      lat: null,
      lng: null,
      countryCode: null,
      startDate: null,
      endDate: null,
    });
  });

  it('maps rejected coordinates onto the destination', () => {
    expect(stageErrorsFromFields(['lat', 'title'])).toEqual({
      destinationName: 'validation.rejected',
      title: 'validation.rejected',
    });
  });
});
