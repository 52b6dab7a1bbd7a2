import { Button, Group } from '@mantine/core';
import { IconRoute, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { SectionCard, SectionHeader } from './section-card';

/** A way back into the welcome tour (interests and a first trip). */
export function WelcomeSection() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  return (
    <>
      <SectionHeader title={t('tabs.welcome')} lead={t('welcome.lead')} />
      <SectionCard id="welcome-card" title={t('welcome.title')} description={t('welcome.text')}>
        <Group>
          <Button
            component={Link}
            to={to('/on-boarding')}
            variant="light"
            c="jam.9"
            leftSection={<IconRoute size={18} aria-hidden />}
          >
            {t('welcome.again')}
          </Button>
          <Button
            component={Link}
            to={to('/interests')}
            variant="default"
            leftSection={<IconSparkles size={18} aria-hidden />}
          >
            {tc('nav.interests')}
          </Button>
        </Group>
      </SectionCard>
    </>
  );
}
