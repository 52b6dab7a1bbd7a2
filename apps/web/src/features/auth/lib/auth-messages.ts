import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@jammy/shared/account-limits';
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { FieldMessages } from '../../../components/form/use-form';
import { retryWhen } from '../../../lib/intl';
import { toAuthFailure, type AuthFailure, type AuthField } from './auth-errors';

/** Values every auth message may interpolate (limits shared with the server). */
export const MESSAGE_VALUES = {
  min: PASSWORD_MIN_LENGTH,
  maxPassword: PASSWORD_MAX_LENGTH,
  maxName: DISPLAY_NAME_MAX_LENGTH,
} as const;

/** The identity forms' words for their fields' problems (keys of the `auth` namespace). */
export const AUTH_FIELD_MESSAGES: FieldMessages<AuthField> = {
  name: { required: 'validation.nameRequired', tooLong: 'validation.nameTooLong' },
  email: { required: 'validation.emailRequired', invalid: 'validation.emailInvalid' },
  password: {
    required: 'validation.newPasswordRequired',
    tooShort: 'validation.passwordTooShort',
    tooLong: 'validation.passwordTooLong',
  },
  confirmPassword: { required: 'validation.confirmRequired' },
  terms: { required: 'validation.termsRequired', invalid: 'validation.termsRequired' },
  phone: { required: 'validation.phoneRequired', invalid: 'validation.phoneInvalid' },
  code: { required: 'validation.codeIncomplete', invalid: 'validation.codeIncomplete' },
};

/** What the identity forms hand the form kit: their namespace, words and failures on fields. */
export function authFormOptions<Field extends AuthField>(fields: readonly Field[]) {
  return {
    ns: 'auth',
    messageValues: MESSAGE_VALUES,
    messages: AUTH_FIELD_MESSAGES,
    /** A refusal of the identity server that names a field of this form goes on that field. */
    fieldOfFailure: (error: unknown) => {
      const failure = toAuthFailure(error);
      const field = fields.find((candidate) => candidate === failure.field);
      return field ? { field, key: failure.key } : null;
    },
  };
}

/**
 * `value` (an e-mail address, a phone number) isolated from the text around it, so a
 * right-to-left sentence does not reorder its characters.
 */
export function isolate(value: string): string {
  return `\u2066${value}\u2069`;
}

/** Translates the auth namespace's messages: field problems and failed requests. */
export function useAuthMessages() {
  const { t, i18n } = useTranslation('auth');
  const message = useCallback((key: string) => t(key, MESSAGE_VALUES), [t]);
  const failureMessage = useCallback(
    (failure: AuthFailure) => {
      const seconds = failure.options.retryAfterSeconds;
      return t(failure.key, {
        ...MESSAGE_VALUES,
        ...failure.options.values,
        when: seconds === undefined ? '' : retryWhen(seconds, i18n.language),
      });
    },
    [t, i18n.language],
  );
  return { message, failureMessage };
}
