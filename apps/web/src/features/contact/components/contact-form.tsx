import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactReceipt } from '@jammy/shared/contact';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatWait } from '../../account/lib/format';
import { useSendContact } from '../api/send-contact';
import {
  fieldsOfApiError,
  invalidFields,
  type ContactDraft,
  type ContactField,
} from '../lib/validation';
import classes from './contact.module.css';

const LIMITS = { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.message };

/**
 * The contact form: checked here with the server's own rules, sent with the time it took to
 * fill (robots are quick) and a field people never see (robots fill it).
 */
export function ContactForm({
  initial,
  onSent,
}: {
  initial: { name: string; email: string };
  onSent: (receipt: ContactReceipt, email: string) => void;
}) {
  const { t } = useTranslation('contact');
  const { language, to } = useLanguage();
  const [openedAt] = useState(() => Date.now());
  const [draft, setDraft] = useState<ContactDraft>({
    name: initial.name,
    email: initial.email,
    topic: '',
    message: '',
    consent: false,
  });
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactField[]>([]);
  const send = useSendContact();
  const form = useRef<HTMLFormElement>(null);

  const set = <K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => current.filter((field) => field !== key));
  };
  const errorOf = (field: ContactField) =>
    errors.includes(field)
      ? t(`errors.${field}`, {
          ...LIMITS,
          max: field === 'name' ? CONTACT_LIMITS.name : LIMITS.max,
        })
      : undefined;

  const focusFirst = (fields: ContactField[]) => {
    const first = fields[0];
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      ...draft,
      language,
      fillMs: Date.now() - openedAt,
      ...(website ? { website } : {}),
    };
    const wrong = invalidFields(input);
    setErrors(wrong);
    if (wrong.length > 0) {
      focusFirst(wrong);
      return;
    }
    try {
      const receipt = await send.mutateAsync(input as Parameters<typeof send.mutateAsync>[0]);
      onSent(receipt, draft.email.trim());
    } catch (error) {
      const named = fieldsOfApiError(error);
      setErrors(named);
      focusFirst(named);
    }
  }

  const failure = send.error;
  const rateLimited = failure instanceof ApiError && failure.status === 429;
  const serverFields = fieldsOfApiError(failure);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            {t('form.required')}
          </Text>
          {failure && serverFields.length === 0 ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('errors.title')}
              icon={<IconAlertTriangle size={20} aria-hidden />}
            >
              <Text size="sm" c="red.9">
                {rateLimited
                  ? t('errors.rateLimited', {
                      wait: formatWait(
                        failure.retryAfterSeconds ?? CONTACT_LIMITS.windowMinutes * 60,
                        language,
                      ),
                    })
                  : t('errors.failed')}
              </Text>
            </Alert>
          ) : null}
          {errors.length > 0 ? (
            <Text size="sm" c="red.8" role="alert">
              {t('errors.check')}
            </Text>
          ) : null}
          <TextInput
            name="name"
            label={t('form.name')}
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errorOf('name')}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
          />
          <TextInput
            name="email"
            type="email"
            label={t('form.email')}
            description={t('form.emailHint')}
            value={draft.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errorOf('email')}
            autoComplete="email"
            dir="ltr"
            required
          />
          <NativeSelect
            name="topic"
            label={t('form.topic')}
            value={draft.topic}
            onChange={(event) => set('topic', event.currentTarget.value)}
            error={errorOf('topic')}
            required
            data={[
              { value: '', label: t('form.topicPlaceholder'), disabled: true },
              ...CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`topics.${topic}`) })),
            ]}
          />
          <Textarea
            name="message"
            label={t('form.message')}
            description={t('form.messageHint', LIMITS)}
            value={draft.message}
            onChange={(event) => set('message', event.currentTarget.value)}
            error={errorOf('message')}
            autosize
            minRows={6}
            maxRows={16}
            maxLength={CONTACT_LIMITS.message}
            required
          />
          {/* People never see this field; robots that fill every field give themselves away. */}
          <div className={classes.trap} aria-hidden="true">
            <label htmlFor="contact-website">{t('form.website')}</label>
            <input
              id="contact-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.currentTarget.value)}
            />
          </div>
          <Stack gap={4}>
            <Checkbox
              name="consent"
              label={t('form.consent')}
              checked={draft.consent}
              onChange={(event) => set('consent', event.currentTarget.checked)}
              error={errorOf('consent')}
              required
            />
            <Anchor component={Link} to={to('/privacy')} size="sm" className={classes.privacy}>
              {t('form.privacyLink')}
            </Anchor>
          </Stack>
          <div>
            <Button
              type="submit"
              size="md"
              loading={send.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('form.send')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
