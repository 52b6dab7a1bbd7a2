import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { Pick } from '../lib/picks';
import { CategorySelect } from './place-fields';
import classes from './stages.module.css';

/** The picks so far (each with its category and a way to remove it), and "Add N places". */
export function PickTray({
  picks,
  firstNumber,
  adding,
  stagePath,
  onChange,
  onSubmit,
}: {
  picks: Pick[];
  /** The number the first pick will have in the stage. */
  firstNumber: number;
  adding: boolean;
  stagePath: string;
  onChange: (picks: Pick[]) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('stages');
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLOListElement>(null);

  const remove = (index: number) => {
    onChange(picks.filter((_, candidate) => candidate !== index));
    // Keep the keyboard where it was: on the next remove button, else the heading.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? heading.current)?.focus();
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="sm" align="center">
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {t('addPlaces.trayTitle')}
          </Title>
          <Badge color="jam" variant="filled" size="lg" circle aria-hidden>
            {picks.length}
          </Badge>
        </Group>
        {picks.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('addPlaces.trayEmpty')}
          </Text>
        ) : (
          <ol className={classes.trayList} ref={list} aria-label={t('addPlaces.trayLabel')}>
            {picks.map((pick, index) => (
              <li key={pick.key} className={classes.result}>
                <Group gap="sm" wrap="nowrap" align="center">
                  <span className={classes.number} aria-hidden>
                    {firstNumber + index}
                  </span>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{pick.name}</bdi>
                    </Text>
                    <Text size="xs" c="gray.8">
                      {[pick.address, t(`kinds.${pick.origin}`)].filter(Boolean).join(' · ')}
                    </Text>
                    <CategorySelect
                      size="xs"
                      hiddenLabel={t('addPlaces.categoryOf', { name: pick.name })}
                      value={pick.category}
                      onChange={(category) =>
                        onChange(
                          picks.map((candidate, at) =>
                            at === index ? { ...candidate, category } : candidate,
                          ),
                        )
                      }
                    />
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size="lg"
                    data-remove
                    aria-label={t('addPlaces.remove', { name: pick.name })}
                    onClick={() => remove(index)}
                  >
                    <IconX size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </ol>
        )}
        <Button
          size="md"
          disabled={picks.length === 0}
          loading={adding}
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={onSubmit}
        >
          {picks.length === 0
            ? t('addPlaces.submitEmpty')
            : t('addPlaces.submit', { count: picks.length })}
        </Button>
        <Anchor component={Link} to={stagePath} size="sm" fw={600} ta="center">
          {t('actions.backToStage')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
