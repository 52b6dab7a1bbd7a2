import { LIMITS } from '@jammy/shared/itinerary-limits';
import { Group, Paper, Stack, Switch, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { IconEye, IconMarkdown, IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useLanguage } from '../../../i18n/use-language';
import { numberFormat } from '../../../lib/intl';
import { NoteText } from './note-text';
import type { NoteForm } from './use-note-form';

/**
 * Writing a note: a title and Markdown, with a live preview tab. Ctrl+Enter (⌘+Enter) saves.
 * `conflict` is the choice offered when someone else saved the note meanwhile; `failureActions`
 * are further ways out of a failed save (such as "save as a new note").
 */
export function NoteEditor({
  form,
  onCancel,
  submitLabel,
  legend,
  conflict,
  failureActions,
}: {
  form: NoteForm;
  onCancel: () => void;
  submitLabel: string;
  /** What the form is for, for screen readers ("New note", "Edit Bookings"). */
  legend: string;
  conflict?: ReactNode;
  failureActions?: ReactNode;
}) {
  const { t } = useTranslation('notes');
  const { language } = useLanguage();
  const numbers = numberFormat(language);
  const [tab, setTab] = useState<string | null>('write');
  const body = form.values.body;
  const nearLimit = body.length > LIMITS.noteBody * 0.9;

  // The text is checked on the write tab, so that a problem of it is seen and focused there.
  const submit = (event: FormEvent) => {
    if (tab !== 'write') flushSync(() => setTab('write'));
    form.formProps.onSubmit(event);
  };

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <form {...form.formProps} onSubmit={submit} aria-label={legend}>
        <Stack gap="sm">
          <TextInput
            {...form.field('title')}
            label={t('editor.title')}
            placeholder={t('editor.titlePlaceholder')}
            dir="auto"
            autoFocus
          />
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="write" leftSection={<IconPencil size={14} aria-hidden />}>
                {t('editor.write')}
              </Tabs.Tab>
              <Tabs.Tab value="preview" leftSection={<IconEye size={14} aria-hidden />}>
                {t('editor.preview')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="sm">
              <Textarea
                {...form.field('body')}
                label={t('editor.body')}
                description={
                  <Group gap={4} component="span">
                    <IconMarkdown size={14} aria-hidden />
                    {t('editor.markdownHint')}
                  </Group>
                }
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
                autosize
                minRows={6}
                maxRows={18}
                dir="auto"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {nearLimit && (
                <Text size="xs" c="gray.8" mt={4}>
                  {t('editor.characters', {
                    used: numbers.format(body.length),
                    max: numbers.format(LIMITS.noteBody),
                  })}
                </Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="sm">
              <Paper radius="md" p="sm" bg="gray.0" mih={120}>
                {body.trim() ? (
                  <NoteText source={body} />
                ) : (
                  <Text size="sm" c="gray.8">
                    {t('editor.nothingToPreview')}
                  </Text>
                )}
              </Paper>
            </Tabs.Panel>
          </Tabs>
          <Switch
            label={t('editor.shared')}
            description={t('editor.sharedHint')}
            checked={!form.values.private}
            onChange={(event) => form.setValue('private', !event.currentTarget.checked)}
          />
          {conflict}
          {form.failure !== null && (
            <ProblemAlert error={form.failure}>{failureActions}</ProblemAlert>
          )}
          <SubmitBar
            label={submitLabel}
            submitting={form.submitting && !conflict}
            size="sm"
            disabled={form.submitting && Boolean(conflict)}
            cancel={{ label: t('editor.cancel'), onClick: onCancel }}
          />
        </Stack>
      </form>
    </Paper>
  );
}
