import type { ChangeEvent, FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { toProblem } from '../../lib/problem';
import { fieldErrorOf, type FieldError, type FieldErrorKind, type IssueLike } from './field-error';

/**
 * The shared schema the server validates the body with, or a loader of it: sign-in pages load
 * zod only when the form is first used (docs/decisions/019-route-budgets.md).
 */
export type SchemaSource<Body> = ZodType<Body> | (() => Promise<ZodType<Body>>);

/** Message keys (in the form's namespace) of a field's problems, where the kit's words won't do. */
export type FieldMessages<Field extends string> = Partial<
  Record<Field, Partial<Record<FieldErrorKind, string>>>
>;

export interface FormOptions<Values extends Record<string, unknown>, Body> {
  initialValues: Values;
  schema: SchemaSource<Body>;
  /** The request body the values make (what the schema and the server read); the values if unset. */
  toBody?: (values: Values) => unknown;
  /** Sends the parsed body; throws what the request threw (an ApiError, the form's own failure). */
  submit: (body: Body, values: Values) => Promise<unknown>;
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
}

/** What the inputs of a field take (Mantine's inputs, and the kit's fields). */
export interface FieldProps<Value> {
  name: string;
  value: Value;
  onChange: (valueOrEvent: Value | ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  'data-field': string;
}

const isEvent = (value: unknown): value is ChangeEvent<HTMLInputElement> =>
  typeof value === 'object' && value !== null && 'currentTarget' in value && 'target' in value;

async function schemaOf<Body>(source: SchemaSource<Body>): Promise<ZodType<Body>> {
  return typeof source === 'function' ? source() : source;
}

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
  const { t } = useTranslation([options.ns ?? 'form', 'form']);
  const [values, setAllValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirst = (invalid: Partial<Record<Field, FieldError>>) => {
    const marked = formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [];
    const first = [...marked].find((element) => (element.dataset.field ?? '') in invalid);
    if (!first) return;
    const inputs = 'input, select, textarea, button';
    (first.matches(inputs) ? first : first.querySelector<HTMLElement>(inputs))?.focus();
  };

  const showErrors = (next: Partial<Record<Field, FieldError>>) => {
    setErrors(next);
    focusFirst(next);
  };

  const setValue = <Name extends Field>(field: Name, value: Values[Name]) => {
    setAllValues((current) => ({ ...current, [field]: value }));
    setErrors((current) =>
      field in current
        ? (Object.fromEntries(
            Object.entries(current).filter(([name]) => name !== field),
          ) as Partial<Record<Field, FieldError>>)
        : current,
    );
  };

  /** Replaces every value (the other person's version of a conflict, a reset). */
  const setValues = (next: Values) => {
    setAllValues(next);
    setErrors({});
  };

  const issuesToErrors = (issues: (IssueLike & { field: string })[], current: Values) => {
    const found: Partial<Record<Field, FieldError>> = {};
    for (const issue of issues) {
      const field = issue.field as Field;
      if (!(field in current) || found[field]) continue;
      found[field] = fieldErrorOf(issue, current[field]);
    }
    return found;
  };

  /**
   * Checks the values with the schema, then sends them. `patch` changes values as it goes (a
   * value set in the same event, such as the version of the other person's save to overwrite).
   */
  const send = async (patch: Partial<Values> = {}) => {
    const current = { ...values, ...patch };
    if (Object.keys(patch).length > 0) setValues(current);
    const { toBody, schema, submit, fieldOfFailure } = options;
    setFailure(null);
    setSubmitting(true);
    try {
      const parsed = await (
        await schemaOf(schema)
      ).safeParseAsync(toBody ? toBody(current) : current);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          ...issue,
          field: issue.path.join('.'),
        }));
        const found = issuesToErrors(issues, current);
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
      if (onField) {
        showErrors({ [onField.field]: { kind: 'custom', key: onField.key } } as Partial<
          Record<Field, FieldError>
        >);
        return;
      }
      const problem = toProblem(error);
      const found = issuesToErrors(problem.issues, current);
      if (problem.code === 'request/invalid' && Object.keys(found).length > 0) {
        showErrors(found);
      } else if (problem.code === 'conflict' && problem.current !== null) {
        setConflict(problem.current);
      } else {
        setFailure(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const messageOf = (field: Field): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    const { ns, messages, messageValues } = options;
    if (error.kind === 'custom') return t(error.key, { ns: ns ?? 'form', ...messageValues });
    const own = messages?.[field]?.[error.kind];
    const interpolation = { ...messageValues, min: error.min, max: error.max };
    return own
      ? t(own, { ns: ns ?? 'form', ...interpolation })
      : t(error.kind, { ns: 'form', ...interpolation });
  };

  /** Props of the input of `field`: its value, its change, its translated error. */
  const field = <Name extends Field>(name: Name): FieldProps<Values[Name]> => ({
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
    // Loads a schema that is not there yet as soon as the form is used, not on submit.
    onFocus: () => {
      const { schema } = options;
      if (typeof schema === 'function') void schema();
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
    failure,
    setFailure,
    conflict,
    dismissConflict: () => setConflict(null),
    submitting,
    send,
    formProps,
  };
}

export type Form<Values extends Record<string, unknown>, Body = unknown> = ReturnType<
  typeof useForm<Values, Body>
>;
