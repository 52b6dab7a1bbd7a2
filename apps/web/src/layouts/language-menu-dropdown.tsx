import { ENGLISH_NAMES, LANGUAGE_NAMES, isLanguage, textDirection } from '@jammy/shared/languages';
import { Combobox, Group, Text, useCombobox } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useTakeFocus, type Reached } from '../components/load-on-reach';
import { useLanguage } from '../i18n/use-language';
import { LanguageButton } from './language-button';
import { languagesMatching } from './languages-matching';

/**
 * The language menu itself (Mantine's combobox and its positioning): it replaces the bare
 * button of LanguageMenu once loaded, open and focused if the visitor was already there. With
 * two dozen languages it is a list to search: typing filters by each language's own name and
 * its English one, the current language comes first, arrows and Enter choose.
 */
export function LanguageMenuDropdown({ defaultOpened, takeFocus }: Reached) {
  const { t } = useTranslation();
  const { language, switchTo } = useLanguage();
  const target = useTakeFocus(takeFocus);
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    defaultOpened,
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setSearch('');
    },
  });
  // Opened by the visitor's reach before it loaded: the search takes the focus, after the
  // button took it back (useTakeFocus), so typing filters at once.
  useEffect(() => {
    if (defaultOpened) combobox.focusSearchInput();
    // Only when it replaces the bare button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const languages = languagesMatching(search, language);
  return (
    <Combobox
      store={combobox}
      position="bottom-end"
      width={260}
      withinPortal
      onOptionSubmit={(code) => {
        combobox.closeDropdown();
        if (isLanguage(code) && code !== language) switchTo(code);
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <LanguageButton
          ref={target}
          aria-haspopup="dialog"
          aria-expanded={combobox.dropdownOpened}
          onClick={() => combobox.toggleDropdown()}
        />
      </Combobox.Target>
      {/* Its list only while open: a closed menu leaves no second "Language" in the page. */}
      <Combobox.Dropdown hidden={!combobox.dropdownOpened}>
        {combobox.dropdownOpened ? (
          <>
            <Combobox.Search
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                combobox.updateSelectedOptionIndex('active');
              }}
              placeholder={t('nav.findLanguage')}
              aria-label={t('nav.findLanguage')}
            />
            <Combobox.Options
              aria-label={t('nav.language')}
              // A scrolling list a keyboard can reach and scroll, besides the search's arrows.
              tabIndex={0}
              mah={320}
              style={{ overflowY: 'auto' }}
            >
              {languages.length === 0 ? (
                <Combobox.Empty>{t('nav.noLanguage')}</Combobox.Empty>
              ) : (
                languages.map((code) => (
                  <Combobox.Option
                    key={code}
                    value={code}
                    active={code === language}
                    aria-selected={code === language}
                  >
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <span lang={code} dir={textDirection(code)}>
                        {LANGUAGE_NAMES[code]}
                      </span>
                      {code === language ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <Text span size="xs" c="dimmed" lang="en">
                          {ENGLISH_NAMES[code]}
                        </Text>
                      )}
                    </Group>
                  </Combobox.Option>
                ))
              )}
            </Combobox.Options>
          </>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
