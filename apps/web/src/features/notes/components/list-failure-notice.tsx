import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { hasFields } from '../lib/problem';
import { ProblemNotice } from './problem-notice';
import type { useListActions } from './use-list-actions';

type ListActions = ReturnType<typeof useListActions>;

/** Why a change to a list failed, their version on a conflict, and a way to send it again. */
export function ListFailureNotice({ actions }: { actions: ListActions }) {
  const { t } = useTranslation('notes');
  const { failure } = actions;
  if (!failure) return null;
  const current = failure.problem.current;
  const version = hasFields(current) ? current.version : undefined;

  let theirs = null;
  if (hasFields(current, 'text', 'checked')) {
    theirs = (
      <Text size="sm">
        <bdi>{String(current.text)}</bdi> ·{' '}
        {current.checked ? t('lists.ticked') : t('lists.notTicked')}
      </Text>
    );
  } else if (hasFields(current, 'title')) {
    theirs = (
      <Text size="sm">
        <bdi>{String(current.title)}</bdi>
      </Text>
    );
  }

  const reapply = (): (() => void) | undefined => {
    switch (failure.action) {
      case 'add':
        return () => void actions.addItem(failure.text);
      case 'toggle':
        return () => void actions.toggle(failure.item, failure.checked, version);
      case 'delete':
        return () => void actions.deleteItem(failure.item, version);
      case 'rename':
        return () => void actions.renameList(failure.title, version);
      case 'move':
        return undefined;
    }
  };
  const labels: Record<typeof failure.action, string> = {
    add: t('problems.retry'),
    toggle:
      failure.action === 'toggle' && failure.checked
        ? t('lists.tickAnyway')
        : t('lists.untickAnyway'),
    delete: t('lists.deleteAnyway'),
    rename: t('lists.renameAnyway'),
    move: t('problems.retry'),
  };

  return (
    <ProblemNotice
      problem={failure.problem}
      subject={failure.action === 'rename' ? 'list' : 'item'}
      theirs={theirs}
      reapplyLabel={labels[failure.action]}
      onReapply={failure.problem.kind === 'not-found' ? undefined : reapply()}
      onDismiss={actions.dismiss}
    />
  );
}
