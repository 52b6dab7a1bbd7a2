import {
  Accordion,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLink, IconMailQuestion, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link, useLocation } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { FAQ_GROUPS, anchorOf, matchesQuery, type FaqItemId } from '../lib/faq';
import classes from './help.module.css';

/** Scrolls to the element an anchor names and moves the keyboard focus there. */
function revealAnchor(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  const focusable = target.matches('h2') ? target : target.querySelector<HTMLElement>('button');
  focusable?.focus({ preventScroll: true });
}

/** /faq: questions and answers in groups, searchable as you type, each with its own address. */
export function FaqPage() {
  const { t } = useTranslation('help');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  // Answers the reader closed during the current search (a new search opens them all again).
  const [closed, setClosed] = useState<string[]>([]);

  // An address such as /faq#sharing or /faq#read-only-links opens what it names (state
  // adjusted while rendering, when the address changes) and then shows it (the effect).
  const visit = `${location.key}${location.hash}`;
  const [visited, setVisited] = useState('');
  if (visit !== visited) {
    setVisited(visit);
    const anchor = anchorOf(location.hash);
    if (anchor) {
      const group = FAQ_GROUPS.find((candidate) => candidate.id === anchor.group);
      const opening: string[] = anchor.item ? [anchor.item] : [...(group?.items ?? [])];
      setQuery('');
      setOpened((current) => [...new Set([...current, ...opening])]);
    }
  }
  useEffect(() => {
    const anchor = anchorOf(location.hash);
    if (!anchor) return;
    const frame = requestAnimationFrame(() => revealAnchor(anchor.item ?? anchor.group));
    return () => cancelAnimationFrame(frame);
  }, [location.hash, location.key]);

  const searching = query.trim() !== '';
  const groups = useMemo(
    () =>
      FAQ_GROUPS.map((group) => ({
        id: group.id,
        items: group.items.filter((item: FaqItemId) =>
          matchesQuery(`${t(`faq.items.${item}.q`)} ${t(`faq.items.${item}.a`)}`, query),
        ),
      })).filter((group) => group.items.length > 0),
    [query, t],
  );
  const shown = groups.reduce((total, group) => total + group.items.length, 0);
  // While searching, every answer found is open: the reader sees it as they type.
  const found: string[] = groups.flatMap((group) => [...group.items]);
  const value = searching ? found.filter((item) => !closed.includes(item)) : opened;

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{tc('routes.faq.title')}</Title>
          <Text size="lg" c="gray.8">
            {t('faq.lead')}
          </Text>
        </Stack>
        <div role="search">
          <TextInput
            label={t('faq.searchLabel')}
            placeholder={t('faq.searchPlaceholder')}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setClosed([]);
            }}
            leftSection={<IconSearch size={18} aria-hidden />}
            size="md"
            type="search"
            aria-describedby="faq-count"
          />
          <Text id="faq-count" size="sm" c="gray.8" mt={6} role="status">
            {t('faq.count', { count: shown })}
          </Text>
        </div>

        {groups.length === 0 ? (
          <Paper withBorder radius="lg" p="lg" className={classes.empty}>
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h4">
                {t('faq.noResultsTitle', { query: query.trim() })}
              </Title>
              <Text c="gray.8">{t('faq.noResultsText')}</Text>
              <Button component={Link} to={to('/contact')} variant="light">
                {t('faq.contactCta')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Accordion
            multiple
            value={value}
            onChange={(next) => {
              if (searching) setClosed(found.filter((item) => !next.includes(item)));
              else setOpened(next);
            }}
            order={3}
            variant="separated"
            radius="md"
            chevronPosition="right"
            classNames={{ item: classes.item, control: classes.control }}
          >
            <Stack gap="xl">
              {groups.map((group) => (
                <section key={group.id} aria-labelledby={group.id}>
                  <Title
                    order={2}
                    size="h3"
                    id={group.id}
                    className={classes.groupTitle}
                    tabIndex={-1}
                  >
                    {t(`faq.groups.${group.id}`)}
                  </Title>
                  <Stack gap={0}>
                    {group.items.map((item) => (
                      <Accordion.Item key={item} value={item} id={item}>
                        <Accordion.Control>{t(`faq.items.${item}.q`)}</Accordion.Control>
                        <Accordion.Panel>
                          <Stack gap="xs">
                            <Text className={classes.answer}>{t(`faq.items.${item}.a`)}</Text>
                            <Anchor href={`#${item}`} size="sm" className={classes.permalink}>
                              <IconLink size={14} aria-hidden /> {t('faq.linkTo')}
                            </Anchor>
                          </Stack>
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                  </Stack>
                </section>
              ))}
            </Stack>
          </Accordion>
        )}

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} bg="jam.0">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size={44} color="jam">
              <IconMailQuestion size={22} aria-hidden />
            </ThemeIcon>
            <Stack gap={6} align="flex-start">
              <Text fw={700}>{t('faq.moreTitle')}</Text>
              <Text size="sm" c="gray.8">
                {t('faq.moreText')}
              </Text>
              <Button component={Link} to={to('/contact')} size="sm">
                {t('faq.contactCta')}
              </Button>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
