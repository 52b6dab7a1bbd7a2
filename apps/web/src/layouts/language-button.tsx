import { LANGUAGE_NAMES } from '@jammy/shared/languages';
import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n/use-language';

/**
 * The header's language button: "EN" with its icon (the primary subtag: "PT" for pt-BR, "ZH" for
 * zh-Hant), naming the language for screen readers.
 */
export function LanguageButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      aria-label={t('nav.chooseLanguage', { language: LANGUAGE_NAMES[language] })}
      aria-haspopup="dialog"
      {...props}
    >
      {language.split('-')[0]?.toUpperCase()}
    </Button>
  );
}
