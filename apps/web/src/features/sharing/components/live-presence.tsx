import type { Presence } from '@jammy/shared/sharing';
import { Avatar, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useMe } from '../../../lib/session';
import { sharingKeys } from '../../../lib/sharing-keys';
import { otherViewers } from '../lib/presence';
import { useLiveItinerary } from '../api/use-live-itinerary';
import { listFormat } from '../../../lib/intl';

const SHOWN = 4;

/**
 * Keeps the itinerary's page live (changes by others appear without a reload) and shows who
 * else has it open: "Also here: Ana, Ben" with their avatars. Shows nothing when alone.
 */
export function LivePresence({ itineraryId }: { itineraryId: string }) {
  const { t, i18n } = useTranslation('sharing');
  const { data: me } = useMe();
  useLiveItinerary(itineraryId, Boolean(me));
  const { data: presence } = useQuery<Presence>({
    queryKey: sharingKeys.presence(itineraryId),
    queryFn: () => ({ viewers: [] }),
    enabled: false,
  });
  const others = otherViewers(presence, me?.id);
  const names = others.map((viewer) => viewer.name || t('presence.someone'));
  return (
    <div role="status" aria-live="polite" data-presence={others.length}>
      {others.length > 0 && (
        <Group gap="xs" wrap="nowrap">
          <Avatar.Group spacing="sm">
            {others.slice(0, SHOWN).map((viewer, index) => (
              // The browser's own tooltip: the names are in the text beside them already, and
              // Mantine's (with its positioning code) would load with every trip's page.
              <Avatar
                key={viewer.id}
                name={names[index]}
                title={names[index]}
                color="jam"
                variant="filled"
                radius="xl"
                size={30}
                alt=""
              />
            ))}
            {others.length > SHOWN && (
              <Avatar radius="xl" size={30}>
                +{others.length - SHOWN}
              </Avatar>
            )}
          </Avatar.Group>
          <Text size="sm" c="gray.8" lineClamp={1}>
            {t('presence.alsoHere', {
              // Each name isolated, so a Latin name keeps its place in Arabic text.
              names: listFormat(i18n.language, { style: 'short' }).format(
                names.map((name) => `\u2068${name}\u2069`),
              ),
            })}
          </Text>
        </Group>
      )}
    </div>
  );
}
