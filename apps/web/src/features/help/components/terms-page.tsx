import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { clientConfigQuery } from '../../../lib/client-config';
import { LegalPage, OperatorBlock } from './legal-page';

const SECTIONS = [
  'service',
  'account',
  'content',
  'use',
  'presets',
  'shop',
  'liability',
  'ending',
  'changes',
] as const;

/** /terms: the rules of this installation and its shop, between the traveller and the operator. */
export function TermsPage() {
  const { t } = useTranslation('help');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const operator = useQuery(clientConfigQuery).data?.operator;
  const jurisdiction = operator?.jurisdiction;

  const sections = [
    {
      id: 'operator',
      title: t('legal.operatorTitle'),
      body: <OperatorBlock operator={operator} />,
    },
    ...SECTIONS.map((key) => ({
      id: key,
      title: t(`terms.sections.${key}.title`),
      body: <Text>{t(`terms.sections.${key}.text`)}</Text>,
    })),
    {
      id: 'law',
      title: t('terms.sections.law.title'),
      body: (
        <>
          <Text>
            {jurisdiction
              ? t('terms.sections.lawConfigured.text', { jurisdiction })
              : t('terms.sections.law.text')}
          </Text>
          <Text mt="sm">
            <Anchor component={Link} to={to('/contact')}>
              {t('terms.questions')}
            </Anchor>
          </Text>
        </>
      ),
    },
  ];

  return <LegalPage title={tc('routes.terms.title')} lead={t('terms.lead')} sections={sections} />;
}
