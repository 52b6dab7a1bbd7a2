import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from '../../../i18n/react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import { ContactForm } from './contact-form';
import { dateTimeFormat } from '../../../lib/intl';

/** The confirmation shown once a message has arrived (/contact?sent=…). */
function ContactSent({ receivedAt, email }: { receivedAt: string; email: string | null }) {
  const { t } = useTranslation('contact');
  const { language, to } = useLanguage();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const when = new Date(receivedAt);
  const date = Number.isNaN(when.getTime())
    ? ''
    : dateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(when);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon color="teal" variant="light" radius="xl" size={48}>
          <IconCircleCheck size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} ref={title} tabIndex={-1}>
          {t('sent.title')}
        </Title>
        <Text>{email ? t('sent.text', { date, email }) : t('sent.textNoEmail', { date })}</Text>
        <Group gap="sm">
          <Button component={Link} to={to('/contact')} variant="light">
            {t('sent.another')}
          </Button>
          <Button component={Link} to={to('/faq')} variant="default">
            {t('sent.faq')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /contact: write to the people who run this installation; then a confirmation. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const { data: me, isPending } = useMe();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const sentAt = params.get('sent');
  const sentTo = (location.state as { email?: string } | null)?.email ?? null;

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{tc('routes.contact.title')}</Title>
          <Text size="lg" c="gray.8">
            {t('lead')}
          </Text>
          <Text size="sm" c="gray.8">
            <Trans
              t={t}
              i18nKey="faqHint"
              components={{ faq: <Anchor component={Link} to={to('/faq')} underline="always" /> }}
            />
          </Text>
        </Stack>
        {sentAt ? (
          <ContactSent receivedAt={sentAt} email={sentTo} />
        ) : isPending ? null : (
          <ContactForm
            // A signed-in traveller's name and address are filled in for them.
            key={me?.id ?? 'visitor'}
            initial={{ name: me?.name ?? '', email: me?.email ?? '' }}
            onSent={(receipt, email) =>
              void navigate(
                { search: `?sent=${encodeURIComponent(receipt.receivedAt)}` },
                { state: { email } },
              )
            }
          />
        )}
      </Stack>
    </Container>
  );
}
