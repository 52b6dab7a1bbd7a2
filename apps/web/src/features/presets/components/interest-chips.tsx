import type { InterestId } from '@jammy/shared/interests';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { InterestIcon } from './interest-icon';

/** A preset's interests as small labelled chips; the reader's own ones stand out. */
export function InterestChips({
  interests,
  mine = [],
  max,
}: {
  interests: InterestId[];
  mine?: InterestId[];
  /** Show at most this many, then "+N". */
  max?: number;
}) {
  const { t } = useTranslation('presets');
  const shown = max === undefined ? interests : interests.slice(0, max);
  const hidden = interests.length - shown.length;
  return (
    <Group gap={6} component="ul" aria-label={t('card.interests')} p={0} m={0}>
      {shown.map((interest) => {
        const matching = mine.includes(interest);
        return (
          <Badge
            key={interest}
            component="li"
            variant={matching ? 'light' : 'default'}
            color={matching ? 'jam' : 'gray'}
            c={matching ? 'jam.9' : 'gray.8'}
            radius="xl"
            tt="none"
            fw={600}
            leftSection={<InterestIcon interest={interest} size={13} />}
            style={{ listStyle: 'none' }}
          >
            {t(`interests.${interest}`)}
          </Badge>
        );
      })}
      {hidden > 0 && (
        <Badge
          component="li"
          variant="default"
          c="gray.8"
          radius="xl"
          tt="none"
          style={{ listStyle: 'none' }}
          aria-label={t('card.moreInterests', { count: hidden })}
        >
          +{hidden}
        </Badge>
      )}
    </Group>
  );
}
