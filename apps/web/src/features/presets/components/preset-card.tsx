import type { InterestId } from '@jammy/shared/interests';
import type { PresetSummary } from '@jammy/shared/presets';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCrown,
  IconEyeOff,
  IconMapPin,
  IconStar,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { InterestChips } from './interest-chips';
import { PresetCover } from './preset-cover';
import classes from './presets.module.css';

/** What marks a preset on its card and its page: recommended, premium, unpublished. */
export function PresetBadges({ preset }: { preset: PresetSummary }) {
  const { t } = useTranslation('presets');
  return (
    <>
      {preset.matchingInterests > 0 && (
        <Badge
          color="jam"
          variant="filled"
          radius="xl"
          tt="none"
          leftSection={<IconStar size={12} aria-hidden />}
          data-badge="recommended"
        >
          {t('card.recommended')}
        </Badge>
      )}
      {preset.premium && (
        <Badge
          color="yellow"
          c="dark.9"
          variant="filled"
          radius="xl"
          tt="none"
          leftSection={<IconCrown size={12} aria-hidden />}
          data-badge="premium"
        >
          {t('card.premium')}
        </Badge>
      )}
      {!preset.published && (
        <Badge
          color="dark"
          variant="filled"
          radius="xl"
          tt="none"
          leftSection={<IconEyeOff size={12} aria-hidden />}
        >
          {t('card.unpublished')}
        </Badge>
      )}
    </>
  );
}

/** One Jammy itinerary in a list: cover, badges, title (the link), length, region, interests. */
export function PresetCard({
  preset,
  mine = [],
  headingLevel = 2,
  eagerCover = false,
}: {
  preset: PresetSummary;
  mine?: InterestId[];
  headingLevel?: 2 | 3;
  /** A card of the first screen: its cover loads at once (PresetCover's `eager`). */
  eagerCover?: boolean;
}) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  return (
    <article className={classes.card} data-preset={preset.id}>
      <div className={classes.cardMedia}>
        <PresetCover
          url={preset.coverUrl}
          alt={t('card.coverAlt', { title: preset.title })}
          eager={eagerCover}
        />
        <div className={classes.cardBadges}>
          <PresetBadges preset={preset} />
        </div>
        <span className={classes.cardDays}>
          <IconCalendarEvent size={14} aria-hidden />
          {t('card.days', { count: preset.days })}
        </span>
      </div>
      <Stack gap="xs" className={classes.cardBody}>
        <Group gap={6} c="gray.8" wrap="nowrap">
          <IconMapPin size={14} aria-hidden style={{ flex: 'none' }} />
          <Text size="xs" fw={700} tt="uppercase" className={classes.eyebrow}>
            {t(`regions.${preset.region}`)}
          </Text>
        </Group>
        <Title order={headingLevel} size="h4" className={classes.cardTitle}>
          <Link to={to(`/jammy-itineraries/${preset.id}`)} className={classes.cardLink}>
            <bdi>{preset.title}</bdi>
          </Link>
        </Title>
        <Text size="sm" c="gray.8" lineClamp={2} dir="auto">
          {preset.description}
        </Text>
        <Text size="xs" c="gray.7">
          {t('card.stages', { count: preset.stageCount })} ·{' '}
          {t('card.places', { count: preset.placeCount })}
          {preset.matchingInterests > 0
            ? ` · ${t('card.matching', { count: preset.matchingInterests })}`
            : ''}
        </Text>
        <div className={classes.cardChips}>
          <InterestChips interests={preset.interests} mine={mine} max={3} />
        </div>
      </Stack>
    </article>
  );
}
