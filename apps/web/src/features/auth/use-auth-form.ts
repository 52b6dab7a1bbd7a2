import { useCallback, useState, type RefObject } from 'react';
import { toAuthFailure, type AuthFailure, type AuthField } from './auth-errors';
import { useAuthMessages } from './auth-messages';
import type { FieldProblem } from './validation';

type Focusable = RefObject<HTMLElement | null>;

/**
 * The error state of one form: a message per field (tied to it by Mantine's aria wiring) and
 * one for the whole form. Showing errors focuses the first invalid field, in `order`.
 */
export function useAuthForm<Field extends AuthField>(
  order: readonly Field[],
  refs: Record<Field, Focusable>,
) {
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const { message } = useAuthMessages();

  /** The message shown under a field, if it has a problem. */
  const errorOf = (field: Field): string | undefined => {
    const key = fieldErrors[field];
    return key ? message(key) : undefined;
  };

  /** Shows these field problems; true when there is at least one (the form must not be sent). */
  const check = useCallback(
    (problems: Record<Field, FieldProblem>): boolean => {
      const next: Partial<Record<Field, string>> = {};
      for (const field of order) {
        const problem = problems[field];
        if (problem) next[field] = problem;
      }
      setFieldErrors(next);
      setFailure(null);
      const first = order.find((field) => next[field]);
      if (first) refs[first].current?.focus();
      return first !== undefined;
    },
    [order, refs],
  );

  /** Shows a failed request: on its field when it has one of this form, else above the form. */
  const fail = useCallback(
    (error: unknown) => {
      const next = toAuthFailure(error);
      const field = order.find((candidate) => candidate === next.field);
      if (field) {
        const errors: Partial<Record<Field, string>> = {};
        errors[field] = next.key;
        setFieldErrors(errors);
        setFailure(null);
        refs[field].current?.focus();
      } else {
        setFailure(next);
      }
    },
    [order, refs],
  );

  /** Forgets the error of a field once the traveller changes it. */
  const clear = useCallback(
    (field: Field) => {
      setFieldErrors((current) => {
        if (!current[field]) return current;
        const next: Partial<Record<Field, string>> = {};
        for (const key of order) if (key !== field && current[key]) next[key] = current[key];
        return next;
      });
    },
    [order],
  );

  const reset = useCallback(() => {
    setFieldErrors({});
    setFailure(null);
  }, []);

  return { fieldErrors, failure, check, fail, clear, reset, errorOf };
}
