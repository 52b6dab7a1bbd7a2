import { TRASH_RETENTION_DAYS } from '@jammy/shared/itinerary-limits';
import {
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearchOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import emptyArt from '../../../assets/empty-itineraries.svg';
import { useLanguage } from '../../../i18n/use-language';

export const GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

/** Cards-to-be while the list loads. */
export function ItineraryGridSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding="lg">
          <Card.Section>
            <Skeleton height={136} radius={0} />
          </Card.Section>
          <Stack gap="sm" mt="md">
            <Skeleton height={22} width="70%" />
            <Skeleton height={14} width="85%" />
            <Skeleton height={14} width="55%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** No trips at all: the invitation to plan the first one. */
export function NoItineraries() {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center" maw={520} mx="auto">
        <img
          src={emptyArt}
          alt=""
          width={280}
          height={210}
          style={{ maxWidth: '100%', height: 'auto' }}
        />
        <Title order={2}>{t('empty.title')}</Title>
        <Text c="gray.8">{t('empty.text')}</Text>
        <Group justify="center" gap="sm">
          <Button
            component={Link}
            to={to('/itinerary')}
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('empty.create')}
          </Button>
          <Button component={Link} to={to('/jammy-itineraries')} size="md" variant="default">
            {t('empty.presets')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A search that found nothing. */
export function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const { t } = useTranslation('itineraries');
  return (
    <Paper withBorder radius="lg" p="xl" data-state="no-match">
      <Stack align="center" gap="sm" ta="center">
        <IconSearchOff size={40} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={2} size="h3">
          {t('empty.noMatchTitle', { query })}
        </Title>
        <Text c="gray.8">{t('empty.noMatchText')}</Text>
        <Button variant="default" onClick={onClear}>
          {t('list.clearSearch')}
        </Button>
      </Stack>
    </Paper>
  );
}

export function EmptyTrash() {
  const { t } = useTranslation('itineraries');
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconTrash size={40} aria-hidden color="var(--mantine-color-gray-6)" />
        <Title order={2} size="h3">
          {t('empty.trashTitle')}
        </Title>
        <Text c="gray.8" maw={480}>
          {t('empty.trashText', { days: TRASH_RETENTION_DAYS })}
        </Text>
      </Stack>
    </Paper>
  );
}
