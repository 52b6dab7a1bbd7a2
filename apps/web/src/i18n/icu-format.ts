import { formatMessage, type MessageValues } from '@jammy/shared/icu';
import type { I18nFormatModule } from 'i18next';

/**
 * i18next's formatter for ICU MessageFormat messages (packages/shared/locales): plurals by the
 * language's CLDR rules, `{placeholders}`, selects. Tags stay in the text for `Trans`.
 */
export const icuFormat: I18nFormatModule & {
  handleAsObject: boolean;
  parse(result: unknown, values: MessageValues, language: string): unknown;
} = {
  type: 'i18nFormat',
  // Objects of messages are walked by i18next, each message formatted on its own.
  handleAsObject: true,
  parse(result, values, language) {
    return typeof result === 'string' ? formatMessage(result, values, language) : result;
  },
};
