import { LANGUAGES, LANGUAGE_NAMES, textDirection } from '@jammy/shared/languages';
import { Container, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n/use-language';

/** Choose the language of Jammy; the choice is remembered for a year. */
export function Component() {
  const { t } = useTranslation();
  const { language, switchTo } = useLanguage();
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('routes.language.title')}</Title>
        <Text c="gray.8">{t('routes.language.description')}</Text>
        <Radio.Group
          value={language}
          onChange={(value) => {
            const next = LANGUAGES.find((code) => code === value);
            if (next) switchTo(next);
          }}
          label={t('language.choose')}
        >
          <Stack gap="sm" mt="sm">
            {LANGUAGES.map((code) => (
              <Radio.Card
                key={code}
                value={code}
                radius="md"
                p="md"
                lang={code}
                dir={textDirection(code)}
              >
                <Group gap="md" wrap="nowrap">
                  <Radio.Indicator />
                  <Text fw={600}>{LANGUAGE_NAMES[code]}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm" c="gray.7">
          {t('language.remembered')}
        </Text>
      </Stack>
    </Container>
  );
}
