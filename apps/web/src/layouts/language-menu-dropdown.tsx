import { LANGUAGES, LANGUAGE_NAMES } from '@jammy/shared/languages';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTakeFocus, type Reached } from '../components/load-on-reach';
import { useLanguage } from '../i18n/use-language';
import { LanguageButton } from './language-button';

/**
 * The language menu itself (Mantine's menu and its positioning): it replaces the bare button
 * of LanguageMenu once loaded, open and focused if the visitor was already there.
 */
export function LanguageMenuDropdown({ defaultOpened, takeFocus }: Reached) {
  const { t } = useTranslation();
  const { language, switchTo } = useLanguage();
  const target = useTakeFocus(takeFocus);
  return (
    <Menu position="bottom-end" width={200} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton ref={target} />
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
