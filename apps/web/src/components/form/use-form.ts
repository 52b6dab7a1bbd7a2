import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ZodType } from 'zod';
import { toProblem } from '../../lib/problem';
import { fieldErrorsOf, issuesOfSchema, type FieldError, type FieldErrorKind } from './field-error';

/**
 * The shared schema the server validates the body with, or a loader of it: sign-in pages load
 * zod only when the form is first used (docs/decisions/019-route-budgets.md).
 */
export type SchemaSource<Body> = ZodType<Body> | (() => Promise<ZodType<Body>>);

/** A message key in the form's namespace, with values of its own if the field needs them. */
export type FieldMessage = string | { key: string; values: Record<string, unknown> };

/**
 * A field, or one part of a field that holds a value per key (`shares.<userId>`: one person's
 * shares of an expense), which has a message and an input of its own.
 */
export type ErrorKey<Field extends string> = Field | `${Field}.${string}`;

/** The messages of a field's problems, where the kit's words won't do. */
export type FieldMessages<Field extends string> = Partial<
  Record<Field, Partial<Record<FieldErrorKind, FieldMessage>>>
>;

export interface FormOptions<Values extends Record<string, unknown>, Body> {
  initialValues: Values;
  schema: SchemaSource<Body>;
  /** The request body the values make (what the schema and the server read); the values if unset. */
  toBody?: (values: Values) => unknown;
  /** Sends the parsed body; throws what the request threw (an ApiError, the form's own failure). */
  submit: (body: Body, values: Values) => Promise<unknown>;
  /**
   * The version of the resource the form was filled from, which a change sends back
   * (`form.version()`). After a conflict it is theirs, whichever way out was taken
   * (`takeTheirs`, `keepMine`).
   */
  version?: number;
  /**
   * Form fields named otherwise in the body (`acceptTerms` → `terms`): issues land on them, and
   * so do the issues of what a body field holds (`split.amounts.0` → the field of `split`).
   */
  fieldsOfBody?: Record<string, Extract<keyof Values, string>>;
  /** The namespace of `messages` (and of the form's custom rules' keys). */
  ns?: string;
  messages?: FieldMessages<Extract<keyof Values, string>>;
  /** Values every message of this form may interpolate (limits shared with the server). */
  messageValues?: Record<string, unknown>;
  /**
   * A failure that belongs on a field although it is no 400 (a refusal of the identity
   * server): the field and its message key, or null to show the failure above the form.
   */
  fieldOfFailure?: (error: unknown) => { field: Extract<keyof Values, string>; key: string } | null;
  /**
   * The fields whose text must read before there is a body (amounts and numbers typed in the
   * UI language, `readAmount`, `parseNumber`): the message of each that does not, from the
   * field's own message hook, on the field or on its part (`shares.<userId>`). Checked before
   * the schema, which sees only what they read as.
   */
  unreadable?: (values: Values) => Partial<Record<ErrorKey<Extract<keyof Values, string>>, string>>;
  /** A failure put on fields is also kept as `failure`, for a page that sums it up above. */
  alsoSumUp?: boolean;
}

/** What the inputs of a field take (Mantine's inputs, and the kit's fields). */
type InputEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

export interface FieldProps<Value> {
  /** `<form id>-<name>`: one id per field, for labels and for finding it. */
  id: string;
  name: string;
  value: Value;
  onChange: (valueOrEvent: Value | InputEvent) => void;
  error: string | undefined;
  'data-field': string;
}

const isEvent = (value: unknown): value is InputEvent =>
  typeof value === 'object' && value !== null && 'currentTarget' in value && 'target' in value;

/**
 * THE form hook: values and their errors; on submit, the body checked with the shared zod
 * schema (so the form and the server apply one rule), then sent. A 400's field issues land on
 * their fields, a 409 with the current resource becomes `conflict`, anything else `failure`;
 * whenever fields get errors, the first invalid one (in the page's order) takes the focus.
 */
export function useForm<Values extends Record<string, unknown>, Body>(
  options: FormOptions<Values, Body>,
) {
  type Field = Extract<keyof Values, string>;
  // By field, or by a part of one (`shares.<userId>`).
  type Errors = Partial<Record<string, FieldError>>;
  // The kit's messages are needed once something is wrong, not to draw the form: waiting for
  // them here would suspend the page around the form (and close a dialog holding it).
  const { t } = useTranslation([options.ns ?? 'form', 'form'], { useSuspense: false });
  const [values, setAllValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const version = useRef(options.version ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  // A schema that loads is fetched once the form is on screen (after the page is interactive),
  // so that checking it on submit is as immediate as with one given at once.
  const [loaded, setLoaded] = useState<ZodType<Body> | null>(null);
  const { schema: source } = options;
  useEffect(() => {
    // Once: a loader written inline is a new function at every render.
    if (typeof source !== 'function' || loaded !== null) return;
    let current = true;
    void source().then((schema) => {
      if (current) setLoaded(() => schema);
    });
    return () => {
      current = false;
    };
  }, [source, loaded]);

  const focusFirst = (invalid: Errors) => {
    const marked = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    const first = [...marked].find((element) => (element.dataset.field ?? '') in invalid);
    if (!first) return;
    const inputs = 'input, select, textarea, button';
    (first.matches(inputs) ? first : first.querySelector<HTMLElement>(inputs))?.focus();
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    focusFirst(next);
  };

  /** Forgets a field's errors, its parts' too (its value changed, or a change elsewhere settled it). */
  const clearError = (field: Field) =>
    setErrors((current) => {
      const settled = (key: string) => key === field || key.startsWith(`${field}.`);
      return Object.keys(current).some(settled)
        ? (Object.fromEntries(Object.entries(current).filter(([key]) => !settled(key))) as Errors)
        : current;
    });

  const setValue = <Name extends Field>(field: Name, value: Values[Name]) => {
    setAllValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  /**
   * Replaces every value (the other person's version of a conflict, a reset), or derives them
   * from the values on screen when given a function.
   */
  const setValues = (next: Values | ((current: Values) => Values)) => {
    setAllValues(next);
    setErrors({});
  };

  /**
   * Checks the values with the schema, then sends them. `patch` changes values as it goes (a
   * value set in the same event, such as the version of the other person's save to overwrite).
   */
  const send = async (patch: Partial<Values> = {}) => {
    const current = { ...values, ...patch };
    if (Object.keys(patch).length > 0) setValues(current);
    const { toBody, schema, submit, fieldOfFailure, unreadable } = options;
    setFailure(null);
    setSubmitting(true);
    try {
      const typed = Object.entries(unreadable?.(current) ?? {}).flatMap(([name, text]) =>
        typeof text === 'string' ? [[name, { kind: 'typed', text }] as const] : [],
      );
      if (typed.length > 0) {
        showErrors(Object.fromEntries(typed) as Errors);
        return;
      }
      // Checked in the same task as the click when the schema is there (the shared schemas
      // are synchronous), so the errors show at once.
      const checker = typeof schema === 'function' ? (loaded ?? (await schema())) : schema;
      const parsed = checker.safeParse(toBody ? toBody(current) : current);
      if (!parsed.success) {
        const found = fieldErrorsOf(issuesOfSchema(parsed.error), current, options.fieldsOfBody);
        showErrors(found);
        // A rule on no field of this form is the page's mistake, not the traveller's.
        if (Object.keys(found).length === 0) setFailure(parsed.error);
        return;
      }
      setErrors({});
      await submit(parsed.data, current);
      setConflict(null);
    } catch (error) {
      const onField = fieldOfFailure?.(error);
      const problem = toProblem(error);
      const found = onField
        ? ({ [onField.field]: { kind: 'custom', key: onField.key } } as Errors)
        : fieldErrorsOf(problem.issues, current, options.fieldsOfBody);
      if (onField || (problem.code === 'request/invalid' && Object.keys(found).length > 0)) {
        showErrors(found);
        if (options.alsoSumUp) setFailure(error);
      } else if (problem.code === 'conflict' && problem.current !== null) {
        setConflict(problem.current);
      } else {
        setFailure(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const messageOf = (key: ErrorKey<Field>): string | undefined => {
    const error = errors[key];
    if (!error) return undefined;
    const { ns, messages, messageValues } = options;
    if (error.kind === 'typed') return error.text;
    if (error.kind === 'custom') return t(error.key, { ns: ns ?? 'form', ...messageValues });
    const own = messages?.[key as Field]?.[error.kind];
    const interpolation = {
      ...messageValues,
      ...(error.min === undefined ? {} : { min: error.min }),
      ...(error.max === undefined ? {} : { max: error.max }),
      ...(typeof own === 'object' ? own.values : {}),
    };
    if (own === undefined) return t(error.kind, { ns: 'form', ...interpolation });
    return t(typeof own === 'string' ? own : own.key, { ns: ns ?? 'form', ...interpolation });
  };

  /** Props of the input of `field`: its value, its change, its translated error. */
  const field = <Name extends Field>(name: Name): FieldProps<Values[Name]> => ({
    id: `${formId}-${name}`,
    name,
    value: values[name],
    onChange: (valueOrEvent) =>
      setValue(
        name,
        (isEvent(valueOrEvent) ? valueOrEvent.currentTarget.value : valueOrEvent) as Values[Name],
      ),
    error: messageOf(name),
    'data-field': name,
  });

  /** The version of the resource a 409 sent back (theirs), to save the next change at. */
  const takeTheirVersion = () => {
    if (typeof conflict === 'object' && conflict !== null && 'version' in conflict) {
      if (typeof conflict.version === 'number') version.current = conflict.version;
    }
  };

  /** Way out of a conflict: their values (as the form holds them) in the form, at their version. */
  const takeTheirs = (theirs: Values) => {
    takeTheirVersion();
    setValues(theirs);
    setConflict(null);
  };

  /** The other way out: the values on screen saved again, over theirs. */
  const keepMine = () => {
    takeTheirVersion();
    void send();
  };

  /** A field's error from outside the schema (a rule only the server knows), and the focus. */
  const setFieldError = (name: Field, key: string) =>
    showErrors({ ...errors, [name]: { kind: 'custom', key } });

  const formProps = {
    ref: formRef,
    noValidate: true,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (!submitting) void send();
    },
  };

  return {
    values,
    setValue,
    setValues,
    field,
    errorOf: messageOf,
    hasErrors: Object.keys(errors).length > 0,
    setFieldError,
    clearError,
    failure,
    setFailure,
    conflict,
    dismissConflict: () => setConflict(null),
    /** The version to save a change at: the one the form was filled from, or theirs after a conflict. */
    version: () => version.current,
    takeTheirs,
    keepMine,
    submitting,
    send,
    formProps,
  };
}

export type Form<Values extends Record<string, unknown>, Body = unknown> = ReturnType<
  typeof useForm<Values, Body>
>;
