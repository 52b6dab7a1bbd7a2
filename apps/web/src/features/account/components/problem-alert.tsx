import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { AccountProblem, problemFromApi } from '../api/problem';
import { formatWait } from '../../../lib/format-time';
import { useSignInAgain } from './use-sign-in-again';
import { listFormat } from '../../../lib/intl';

/** The translated sentence for a problem; field names come from `fields.*`. */
export function useProblemMessage() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  return (error: unknown): string => {
    const problem = error instanceof AccountProblem ? error : problemFromApi(error);
    const { retryAfterSeconds, fields = [] } = problem.extra;
    switch (problem.kind) {
      case 'rate-limited':
        return retryAfterSeconds === undefined
          ? t('errors.rateLimited')
          : t('errors.rateLimitedWait', { wait: formatWait(retryAfterSeconds, language) });
      case 'invalid': {
        const names = fields.map((field) => t(`fields.${field}`, { defaultValue: field }));
        return t('errors.invalid', {
          fields: listFormat(language, { type: 'conjunction' }).format(names),
        });
      }
      default:
        return t(`errors.${problem.kind}`);
    }
  };
}

/**
 * A failed operation explained in place, in the reader's language; when the server wants a
 * fresh sign-in, a way to do it.
 */
export function ProblemAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation('account');
  const message = useProblemMessage();
  const { signInAgain, pending } = useSignInAgain();
  const problem = error instanceof AccountProblem ? error : problemFromApi(error);
  const needsSignIn = problem.kind === 'not-fresh' || problem.kind === 'signed-out';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={title}
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
      data-problem={problem.kind}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red.9">
          {message(problem)}
        </Text>
        {needsSignIn ? (
          <Button size="xs" color="red.9" loading={pending} onClick={() => void signInAgain()}>
            {t('errors.signInAgain')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
