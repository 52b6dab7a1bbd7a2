import { CONTACT_RETENTION_DAYS } from '@jammy/shared/contact';
import { SESSION_LIFETIME_DAYS } from '@jammy/shared/constants';
import { TRASH_RETENTION_DAYS } from '@jammy/shared/itinerary-limits';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { clientConfigQuery, type Processors } from '../../../lib/client-config';
import classes from './help.module.css';
import { LegalPage, OperatorBlock } from './legal-page';

const DATA = ['account', 'signIn', 'trips', 'files', 'sharing', 'contact', 'technical'] as const;

/** The services this installation uses, as lines of the policy: only those configured. */
function ProcessorList({ processors }: { processors: Processors }) {
  const { t } = useTranslation('help');
  const lines = [
    processors.smtp ? t('privacy.processors.smtp') : null,
    processors.sms ? t('privacy.processors.sms') : null,
    processors.stripe ? t('privacy.processors.stripe') : null,
    processors.s3 ? t('privacy.processors.s3') : null,
    processors.federated.length > 0
      ? t('privacy.processors.federated', { providers: processors.federated.join(', ') })
      : null,
    processors.geocoder ? t('privacy.processors.geocoder', { host: processors.geocoder }) : null,
    t('privacy.processors.tiles', { host: processors.tiles }),
  ].filter((line): line is string => line !== null);
  return (
    <ul className={classes.list} data-testid="processors">
      {lines.map((line) => (
        <li key={line}>
          <span dir="auto">{line}</span>
        </li>
      ))}
    </ul>
  );
}

/** /privacy: what this installation stores, why, how long, who else takes part, your rights. */
export function PrivacyPage() {
  const { t } = useTranslation('help');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const config = useQuery(clientConfigQuery).data;

  const sections = [
    {
      id: 'operator',
      title: t('legal.operatorTitle'),
      body: (
        <Stack gap="sm">
          <Text>{t('privacy.intro')}</Text>
          <OperatorBlock operator={config?.operator} />
        </Stack>
      ),
    },
    {
      id: 'data',
      title: t('privacy.dataTitle'),
      body: (
        <ul className={classes.list}>
          {DATA.map((key) => (
            <li key={key}>{t(`privacy.data.${key}`)}</li>
          ))}
        </ul>
      ),
    },
    { id: 'why', title: t('privacy.whyTitle'), body: <Text>{t('privacy.why')}</Text> },
    {
      id: 'retention',
      title: t('privacy.retentionTitle'),
      body: (
        <ul className={classes.list}>
          <li>{t('privacy.retention.account')}</li>
          <li>{t('privacy.retention.trash', { days: TRASH_RETENTION_DAYS })}</li>
          <li>{t('privacy.retention.sessions', { days: SESSION_LIFETIME_DAYS })}</li>
          <li>{t('privacy.retention.links')}</li>
          <li>{t('privacy.retention.contact', { days: CONTACT_RETENTION_DAYS })}</li>
          {config && !config.processors.smtp ? <li>{t('privacy.retention.outbox')}</li> : null}
        </ul>
      ),
    },
    {
      id: 'processors',
      title: t('privacy.processorsTitle'),
      body: (
        <Stack gap="xs">
          <Text>{t('privacy.processorsLead')}</Text>
          {config ? (
            <ProcessorList processors={config.processors} />
          ) : (
            <Skeleton height={48} aria-label={t('legal.loading')} />
          )}
        </Stack>
      ),
    },
    { id: 'cookies', title: t('privacy.cookiesTitle'), body: <Text>{t('privacy.cookies')}</Text> },
    {
      id: 'rights',
      title: t('privacy.rightsTitle'),
      body: (
        <Stack gap="xs" align="flex-start">
          <Text>{t('privacy.rights')}</Text>
          <Anchor component={Link} to={to('/account#data')}>
            {t('privacy.rightsAccount')}
          </Anchor>
        </Stack>
      ),
    },
  ];

  return (
    <LegalPage title={tc('routes.privacy.title')} lead={t('privacy.lead')} sections={sections} />
  );
}
