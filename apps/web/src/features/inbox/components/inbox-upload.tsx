import { Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { INBOX_LIMITS } from '@jammy/shared/inbox';
import { IconClipboardText, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { usePasteToInbox, useUploadToInbox } from '../api/inbox';

const ACCEPT =
  '.eml,.pdf,.pkpass,.ics,.txt,message/rfc822,application/pdf,application/vnd.apple.pkpass,text/calendar,text/plain';

/**
 * Ways in from the page: a file chosen with the button or dropped on the area (a mail saved as
 * .eml, a PDF, a wallet pass, a calendar), or text pasted. Each becomes an item to review.
 */
export function InboxUpload() {
  const { t } = useTranslation('inbox');
  const upload = useUploadToInbox();
  const paste = usePasteToInbox();
  const [dragging, setDragging] = useState(false);
  const [text, setText] = useState('');
  const send = (files: File[]) => {
    for (const file of files) upload.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send([...event.dataTransfer.files]);
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', xs: 'md' }}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-dropping={dragging || undefined}
      data-testid="inbox-drop"
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-color-blue-7)' : undefined,
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('upload.lead')}</Text>
        <Group gap="sm">
          <FileButton onChange={(files) => send(files)} accept={ACCEPT} multiple>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                {t('upload.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="gray.7">
            {t('upload.drop')}
          </Text>
        </Group>
        <Textarea
          label={t('upload.pasteLabel')}
          description={t('upload.pasteHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={INBOX_LIMITS.pastedCharacters}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group>
          <Button
            variant="default"
            leftSection={<IconClipboardText size={16} aria-hidden />}
            disabled={text.trim() === ''}
            loading={paste.isPending}
            onClick={() => paste.mutate(text, { onSuccess: () => setText('') })}
          >
            {t('upload.paste')}
          </Button>
        </Group>
        {upload.error ? <ProblemAlert error={upload.error} lead={t('upload.failed')} /> : null}
        {paste.error ? <ProblemAlert error={paste.error} lead={t('upload.failed')} /> : null}
      </Stack>
    </Paper>
  );
}
