import { LANGUAGES, LANGUAGE_NAMES } from '@jammy/shared/languages';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';

/** Switches the language of the current page (and remembers the choice). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { language, switchTo } = useLanguage();
  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t('nav.chooseLanguage', { language: LANGUAGE_NAMES[language] })}
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('nav.language')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => switchTo(code)}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === language ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
