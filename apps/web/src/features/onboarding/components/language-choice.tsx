import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@jammy/shared/languages';
import { Radio, SimpleGrid } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** The languages Jammy speaks, each in its own name; choosing one switches at once. */
export function LanguageChoice({
  value,
  onChange,
}: {
  value: Language;
  onChange: (language: Language) => void;
}) {
  const { t } = useTranslation('onboarding');
  return (
    <Radio.Group
      label={t('language.label')}
      value={value}
      onChange={(next) => {
        const language = LANGUAGES.find((candidate) => candidate === next);
        if (language) onChange(language);
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="sm">
        {LANGUAGES.map((language) => (
          <Radio.Card key={language} value={language} radius="md" p="md" lang={language}>
            <Radio.Indicator style={{ display: 'inline-flex', verticalAlign: 'middle' }} />
            <span style={{ marginInlineStart: 10, fontWeight: 600 }}>
              {LANGUAGE_NAMES[language]}
            </span>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
