import type { GeoPlace } from '@jammy/shared/geo';
import { useRef } from 'react';
import type { ZodType } from 'zod';
import { useForm, type FieldMessages, type Form } from '../../../components/form/use-form';
import { useDestinationCheck } from './use-destination-check';
import type { StageDraft } from '../lib/stage-draft';

/** The stage forms' words for the shared schema's problems (namespace `stages`). */
export const STAGE_MESSAGES: FieldMessages<keyof StageDraft> = {
  title: { required: 'validation.required', tooLong: 'validation.tooLong' },
  destination: { tooLong: 'validation.tooLong', invalid: 'validation.rejected' },
  startDate: { invalid: 'validation.rejected' },
  // The schema's one rule on the end date beyond being a date: not before the start.
  endDate: { invalid: 'validation.endBeforeStart' },
  notes: { tooLong: 'validation.tooLong', invalid: 'validation.rejected' },
};

/** The body's place fields all come from the destination picker: their issues land on it. */
export const STAGE_FIELDS_OF_BODY = {
  destinationName: 'destination',
  lat: 'destination',
  lng: 'destination',
  countryCode: 'destination',
} as const;

/**
 * The form of a stage (adding or editing) on the form kit, with the destination check: a
 * destination typed but never picked is looked up and confirmed before `save` runs. The
 * question's answers send the form again: with the place picked, or the name kept as typed.
 */
export function useStageForm<Body>({
  initialValues,
  schema,
  toBody,
  save,
}: {
  initialValues: StageDraft;
  schema: ZodType<Body>;
  toBody: (draft: StageDraft) => unknown;
  save: (body: Body, draft: StageDraft) => Promise<unknown>;
}) {
  const destinationCheck = useDestinationCheck();
  // Set while the form is sent as it is (the name kept, or mine saved over theirs).
  const asIs = useRef(false);
  const form = useForm({
    ns: 'stages',
    messages: STAGE_MESSAGES,
    fieldsOfBody: STAGE_FIELDS_OF_BODY,
    initialValues,
    schema,
    toBody,
    submit: async (body, draft) => {
      if (!asIs.current && !(await destinationCheck.ready(draft))) return;
      destinationCheck.dismiss();
      await save(body, draft);
    },
  });

  /** Sends the form without asking about its destination again. */
  const sendAsIs = async (patch: Partial<StageDraft> = {}) => {
    asIs.current = true;
    try {
      await form.send(patch);
    } finally {
      asIs.current = false;
    }
  };

  const question = destinationCheck.questionFor(form.values);
  /** The props of the destination question while it is asked, or null. */
  const destinationQuestion = question && {
    question,
    saving: form.submitting,
    onUse: (place: GeoPlace) =>
      void form.send({
        destination: {
          name: place.name,
          lat: place.lat,
          lng: place.lng,
          countryCode: place.country,
        },
      }),
    onKeep: () => void sendAsIs(),
    onChangeName: () => {
      destinationCheck.dismiss();
      form.formProps.ref.current
        ?.querySelector<HTMLInputElement>('[data-field="destination"]')
        ?.focus();
    },
  };

  return { form, sendAsIs, destinationQuestion };
}

/** A stage form, as its fields take it. */
export type StageForm = Form<StageDraft>;
