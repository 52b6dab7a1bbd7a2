import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  contactRequestSchema,
  type ContactReceipt,
} from '@jammy/shared/contact';
import {
  Alert,
  Anchor,
  Checkbox,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-time';
import { useSendContact } from '../api/send-contact';
import classes from './contact.module.css';

const LIMITS = { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.message };

/** One message per field, whatever its problem (it says what the field needs). */
function always(key: string, values: Record<string, unknown> = {}) {
  const message = { key, values };
  return { required: message, tooShort: message, tooLong: message, invalid: message };
}

const MESSAGES = {
  name: always('errors.name', { max: CONTACT_LIMITS.name }),
  email: always('errors.email'),
  topic: always('errors.topic'),
  message: always('errors.message', LIMITS),
  consent: always('errors.consent'),
};

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
  const [website, setWebsite] = useState('');
  const send = useSendContact();
  const form = useForm({
    ns: 'contact',
    messages: MESSAGES,
    initialValues: {
      name: initial.name,
      email: initial.email,
      topic: '',
      message: '',
      consent: false,
    },
    schema: contactRequestSchema,
    toBody: (values) => ({
      ...values,
      language,
      fillMs: Date.now() - openedAt,
      ...(website ? { website } : {}),
    }),
    submit: async (body, values) => {
      const receipt = await send.mutateAsync(body);
      onSent(receipt, values.email.trim());
    },
  });
  const failure = form.failure;
  const rateLimited = failure instanceof ApiError && failure.status === 429;
  const { value: consented, onChange: consent, ...consentField } = form.field('consent');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form {...form.formProps}>
        <Stack gap="md">
          <Text size="sm" c="gray.8">
            {t('form.required')}
          </Text>
          {failure !== null ? (
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
          {form.hasErrors ? (
            <Text size="sm" c="red.8" role="alert">
              {t('errors.check')}
            </Text>
          ) : null}
          <TextInput
            {...form.field('name')}
            label={t('form.name')}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
          />
          <TextInput
            {...form.field('email')}
            type="email"
            label={t('form.email')}
            description={t('form.emailHint')}
            autoComplete="email"
            dir="ltr"
            required
          />
          <NativeSelect
            {...form.field('topic')}
            label={t('form.topic')}
            required
            data={[
              { value: '', label: t('form.topicPlaceholder'), disabled: true },
              ...CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(`topics.${topic}`) })),
            ]}
          />
          <Textarea
            {...form.field('message')}
            label={t('form.message')}
            description={t('form.messageHint', LIMITS)}
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
              {...consentField}
              checked={consented}
              onChange={(event) => consent(event.currentTarget.checked)}
              label={t('form.consent')}
              required
            />
            <Anchor component={Link} to={to('/privacy')} size="sm" className={classes.privacy}>
              {t('form.privacyLink')}
            </Anchor>
          </Stack>
          <SubmitBar
            label={t('form.send')}
            submitting={form.submitting}
            icon={<IconSend size={18} aria-hidden />}
            align="start"
          />
        </Stack>
      </form>
    </Paper>
  );
}
