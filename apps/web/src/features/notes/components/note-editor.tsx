import { LIMITS } from '@jammy/shared/itinerary-limits';
import {
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconEye, IconMarkdown, IconPencil } from '@tabler/icons-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { NoteText } from './note-text';
import { numberFormat } from '../../../lib/intl';

export interface NoteDraft {
  title: string;
  body: string;
  /** Hidden from read-only share links (the default). */
  private: boolean;
}

export type NoteField = 'title' | 'body';

/** What is wrong with a draft before it is sent (empty: nothing). */
export function draftErrors(draft: NoteDraft): Partial<Record<NoteField | 'form', string>> {
  const errors: Partial<Record<NoteField | 'form', string>> = {};
  if (draft.title.trim().length > LIMITS.noteTitle) errors.title = 'tooLong';
  if (draft.body.trim().length > LIMITS.noteBody) errors.body = 'tooLong';
  if (!draft.title.trim() && !draft.body.trim()) errors.form = 'empty';
  return errors;
}

/**
 * Writing a note: a title and Markdown, with a live preview tab. Ctrl+Enter (⌘+Enter) saves.
 * `serverFields` are the fields the server refused; `problem` explains a failed save.
 */
export function NoteEditor({
  draft,
  onChange,
  onSubmit,
  onCancel,
  submitLabel,
  serverFields = [],
  problem,
  legend,
}: {
  draft: NoteDraft;
  onChange: (draft: NoteDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  serverFields?: string[];
  problem?: ReactNode;
  /** What the form is for, for screen readers ("New note", "Edit Bookings"). */
  legend: string;
}) {
  const { t } = useTranslation('notes');
  const { language } = useLanguage();
  const numbers = numberFormat(language);
  const [tab, setTab] = useState<string | null>('write');
  const [checked, setChecked] = useState(false);
  const formError = useId();
  const errors = checked ? draftErrors(draft) : {};

  const fieldError = (field: NoteField) => {
    if (errors[field] === 'tooLong') {
      return t('editor.tooLong', {
        max: field === 'title' ? LIMITS.noteTitle : LIMITS.noteBody,
      });
    }
    return serverFields.includes(field) ? t('editor.refused') : undefined;
  };

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setChecked(true);
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) {
      if (found.body) setTab('write');
      return;
    }
    onSubmit();
  }

  const nearLimit = draft.body.length > LIMITS.noteBody * 0.9;

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <form onSubmit={submit} aria-label={legend} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('editor.title')}
            placeholder={t('editor.titlePlaceholder')}
            value={draft.title}
            onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
            error={fieldError('title')}
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
                label={t('editor.body')}
                description={
                  <Group gap={4} component="span">
                    <IconMarkdown size={14} aria-hidden />
                    {t('editor.markdownHint')}
                  </Group>
                }
                value={draft.body}
                onChange={(event) => onChange({ ...draft, body: event.currentTarget.value })}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
                }}
                autosize
                minRows={6}
                maxRows={18}
                error={fieldError('body')}
                dir="auto"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {nearLimit && (
                <Text size="xs" c="gray.8" mt={4}>
                  {t('editor.characters', {
                    used: numbers.format(draft.body.length),
                    max: numbers.format(LIMITS.noteBody),
                  })}
                </Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="sm">
              <Paper radius="md" p="sm" bg="gray.0" mih={120}>
                {draft.body.trim() ? (
                  <NoteText source={draft.body} />
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
            checked={!draft.private}
            onChange={(event) => onChange({ ...draft, private: !event.currentTarget.checked })}
          />
          {errors.form && (
            <Text id={formError} role="alert" size="sm" c="red.9">
              {t('editor.empty')}
            </Text>
          )}
          {problem}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('editor.cancel')}
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
