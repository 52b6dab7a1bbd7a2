import { Anchor, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { clientConfigQuery, type OperatorDetails } from '../../../lib/client-config';
import { LEGAL_TEXTS_CHANGED, formatLegalDate } from '../lib/legal';
import classes from './help.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The operator's name, address and contact as configured, or an honest note that they are missing. */
export function OperatorBlock({ operator }: { operator: OperatorDetails | undefined }) {
  const { t } = useTranslation('help');
  const { to } = useLanguage();
  if (!operator) {
    return <Skeleton height={64} aria-label={t('legal.loading')} />;
  }
  const rows = [
    ['operatorName', operator.name],
    ['operatorAddress', operator.address],
    ['operatorContact', operator.contact],
  ] as const;
  const given = rows.filter(([, value]) => value);
  return (
    <Stack gap="xs">
      {given.length > 0 ? (
        <dl className={classes.operator}>
          {given.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{t(`legal.${key}`)}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Text>{t('legal.operatorMissing')}</Text>
      )}
      <Anchor component={Link} to={to('/contact')}>
        {t('legal.contactForm')}
      </Anchor>
    </Stack>
  );
}

/** The operator's details from the server (OPERATOR_*), undefined while they load. */
export function useOperator(): OperatorDetails | undefined {
  return useQuery(clientConfigQuery).data?.operator;
}

/** A legal text: title, lead, last change, a table of contents and its sections. */
export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: string;
  sections: LegalSection[];
}) {
  const { t } = useTranslation('help');
  const { language } = useLanguage();
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl" className={classes.legal}>
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          <Text size="lg" c="gray.8">
            {lead}
          </Text>
          <Text size="sm" c="gray.8">
            {t('legal.lastChanged', { date: formatLegalDate(LEGAL_TEXTS_CHANGED, language) })}
          </Text>
        </Stack>
        <Paper component="nav" withBorder radius="lg" p="md" aria-labelledby="legal-toc">
          <Text id="legal-toc" fw={700} mb="xs">
            {t('legal.onThisPage')}
          </Text>
          <ol className={classes.toc}>
            {sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </li>
            ))}
          </ol>
        </Paper>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <Title order={2} size="h3" id={section.id} mb="sm">
              {section.title}
            </Title>
            {section.body}
          </section>
        ))}
      </Stack>
    </Container>
  );
}
