import { createStageSchema, updateStageSchema } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../../components/form/field-error';
import { EMPTY_STAGE_DRAFT, draftToInput } from '../lib/stage-draft';
import { STAGE_FIELDS_OF_BODY, STAGE_MESSAGES } from './use-stage-form';

/** The field and message key the stage form shows for the first problem of `draft`. */
function firstProblem(draft: typeof EMPTY_STAGE_DRAFT) {
  const parsed = createStageSchema.safeParse(draftToInput(draft, false));
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const body = String(issue.path[0]);
  const field =
    body in STAGE_FIELDS_OF_BODY
      ? STAGE_FIELDS_OF_BODY[body as keyof typeof STAGE_FIELDS_OF_BODY]
      : (body as keyof typeof EMPTY_STAGE_DRAFT);
  const error = fieldErrorOf(issue, draft[field]);
  return { field, key: error.kind === 'custom' ? error.key : STAGE_MESSAGES[field]?.[error.kind] };
}

// The stage forms check with the schema the server uses; these are their words for it.
describe('the stage form', () => {
  it('needs a title and dates in order', () => {
    expect(firstProblem({ ...EMPTY_STAGE_DRAFT, title: '  ' })).toEqual({
      field: 'title',
      key: 'validation.required',
    });
    expect(
      firstProblem({
        ...EMPTY_STAGE_DRAFT,
        title: 'Kyoto',
        startDate: '2027-04-05',
        endDate: '2027-04-03',
      }),
    ).toEqual({ field: 'endDate', key: 'validation.endBeforeStart' });
  });

  it('puts rejected coordinates on the destination', () => {
    const parsed = updateStageSchema.safeParse({ title: 'Kyoto', lat: 91, version: 1 });
    expect(parsed.success).toBe(false);
    const field = parsed.error?.issues[0]?.path[0];
    expect(field).toBe('lat');
    expect(STAGE_FIELDS_OF_BODY.lat).toBe('destination');
    expect(STAGE_MESSAGES.destination?.invalid).toBe('validation.rejected');
  });
});
