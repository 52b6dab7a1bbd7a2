import type { PresetSummary } from '@jammy/shared/presets';
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import {
  interestsOf,
  presetQuery,
  presetsQuery,
  type CopiedState,
  CopyModal,
  PresetCard,
} from '../../presets/public';
import classes from './onboarding.module.css';

const NO_FILTERS = { interest: null, region: null, length: null, all: false };
const SHOWN = 3;

/**
 * The last step: Jammy itineraries that fit my interests (and the one I was about to copy,
 * if I came from one), each copyable into a dated trip; or an empty trip of my own.
 */
export function SuggestionsStep({
  pickedId,
  onCopied,
  onEmptyTrip,
  busy,
}: {
  /** The preset the traveller chose before signing up, shown first. */
  pickedId: string | null;
  onCopied: (itineraryId: string, state: CopiedState) => Promise<void>;
  onEmptyTrip: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('onboarding');
  const { language } = useLanguage();
  const { data: me } = useMe();
  const mine = interestsOf(me);
  const list = useQuery(presetsQuery(NO_FILTERS, me?.id ?? null, language));
  const picked = useQuery({ ...presetQuery(pickedId ?? '', language), enabled: pickedId !== null });
  const [copying, setCopying] = useState<PresetSummary | null>(null);

  const suggestions = [
    ...(picked.data ? [picked.data] : []),
    ...(list.data ?? []).filter((preset) => preset.id !== pickedId),
  ].slice(0, SHOWN);

  return (
    <Stack gap="lg">
      {list.isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 3 }}
          spacing="md"
          aria-busy="true"
          role="status"
          aria-label={t('suggestions.loading')}
        >
          {Array.from({ length: SHOWN }, (_, index) => (
            <Skeleton key={index} height={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="red.9">
            {t('suggestions.failed')}
          </Text>
        </Alert>
      ) : suggestions.length === 0 ? (
        <Text c="gray.8">{t('suggestions.none')}</Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 3 }}
          spacing="md"
          className={classes.list}
          aria-label={t('suggestions.listLabel')}
        >
          {suggestions.map((preset) => (
            <li key={preset.id} className={classes.suggestion}>
              {preset.id === pickedId && (
                <Text size="xs" fw={700} c="jam.9" tt="uppercase">
                  {t('suggestions.yourPick')}
                </Text>
              )}
              <PresetCard preset={preset} mine={mine} headingLevel={3} />
              <Button
                variant={preset.copyable ? 'filled' : 'default'}
                disabled={!preset.copyable || busy}
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => setCopying(preset)}
                aria-label={t('suggestions.copyNamed', { title: preset.title })}
              >
                {preset.copyable ? t('suggestions.copy') : t('suggestions.premiumLocked')}
              </Button>
            </li>
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder radius="lg" p="md" bg="gray.0">
        <Stack gap="xs" align="flex-start">
          <Title order={3} size="h5">
            {t('suggestions.emptyTitle')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('suggestions.emptyText')}
          </Text>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onEmptyTrip}
            loading={busy}
          >
            {t('suggestions.emptyTrip')}
          </Button>
        </Stack>
      </Paper>
      {copying && (
        <CopyModal preset={copying} opened onClose={() => setCopying(null)} onCopied={onCopied} />
      )}
    </Stack>
  );
}
