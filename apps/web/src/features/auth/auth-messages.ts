import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthFailure } from './auth-errors';
import { MESSAGE_VALUES } from './validation';
import { relativeTimeFormat } from '../../lib/intl';

/** "in 5 minutes", "in 30 seconds"… in `language`, for a wait of `seconds`. */
export function retryWhen(seconds: number, language: string): string {
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(seconds, 'second');
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
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
