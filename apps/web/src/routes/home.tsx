import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBooks,
  IconCloudOff,
  IconMap2,
  IconNotes,
  IconRoute,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Trans, useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import heroArt from '../assets/hero-journey.svg';
import { AccountDeletedNotice } from '../features/account/components/account-deleted-notice';
import { useLanguage } from '../i18n/use-language';
import classes from './home.module.css';

const FEATURES: { key: string; icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }[] =
  [
    { key: 'stages', icon: IconRoute },
    { key: 'maps', icon: IconMap2 },
    { key: 'notes', icon: IconNotes },
    { key: 'together', icon: IconUsersGroup },
    { key: 'offline', icon: IconCloudOff },
    { key: 'presets', icon: IconBooks },
  ];

const STEPS = ['create', 'fill', 'share'] as const;

/** The landing page: what Jammy does, and the way in. */
export function Component() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <>
      <AccountDeletedNotice />
      <section className={classes.hero} aria-labelledby="home-title">
        <Container size="lg">
          <div className={classes.heroGrid}>
            <Stack gap="lg">
              <Text className={classes.eyebrow}>{t('home.eyebrow')}</Text>
              <Title id="home-title" order={1} className={classes.headline}>
                <Trans i18nKey="home.headline" components={{ em: <em /> }} />
              </Title>
              <Text size="lg" c="gray.8" maw={520}>
                {t('home.lead')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to={to('/register')} size="lg">
                  {t('home.ctaRegister')}
                </Button>
                <Button component={Link} to={to('/login/start')} size="lg" variant="default">
                  {t('home.ctaSignIn')}
                </Button>
              </Group>
              <Anchor component={Link} to={to('/jammy-itineraries')} fw={600} size="sm">
                {t('home.ctaPresets')}
              </Anchor>
            </Stack>
            <img src={heroArt} alt={t('home.heroAlt')} className={classes.heroArt} />
          </div>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="features-title">
        <Container size="lg">
          <Stack gap="xl">
            <Stack gap="xs" maw={640}>
              <Title id="features-title" order={2}>
                {t('home.featuresTitle')}
              </Title>
              <Text c="gray.8">{t('home.featuresLead')}</Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {FEATURES.map(({ key, icon: Icon }) => (
                <Card key={key} withBorder radius="lg" padding="lg">
                  <Stack gap="sm">
                    <div className={classes.featureIcon}>
                      <Icon size={24} aria-hidden />
                    </div>
                    <Title order={3} size="h4">
                      {t(`home.features.${key}.title`)}
                    </Title>
                    <Text size="sm" c="gray.8">
                      {t(`home.features.${key}.text`)}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="steps-title">
        <Container size="lg">
          <Stack gap="xl">
            <Title id="steps-title" order={2}>
              {t('home.stepsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" component="ol" p={0} m={0}>
              {STEPS.map((step, index) => (
                <Stack key={step} component="li" gap="sm" className={classes.step}>
                  <div className={classes.stepNumber} aria-hidden>
                    {index + 1}
                  </div>
                  <Title order={3} size="h4">
                    {t(`home.steps.${step}.title`)}
                  </Title>
                  <Text size="sm" c="gray.8">
                    {t(`home.steps.${step}.text`)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </section>

      <section className={classes.section} aria-labelledby="band-title">
        <Container size="lg">
          <div className={classes.band}>
            <Group justify="space-between" align="center" gap="lg">
              <Stack gap={6} maw={560}>
                <Title id="band-title" order={2} c="white">
                  {t('home.bandTitle')}
                </Title>
                <Text c="white">{t('home.bandText')}</Text>
              </Stack>
              <Button component={Link} to={to('/register')} size="lg" variant="white" color="jam">
                {t('home.ctaRegister')}
              </Button>
            </Group>
          </div>
        </Container>
      </section>
    </>
  );
}
