import type { PresetSummary } from '@jammy/shared/presets';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCopy, IconCrown, IconGift, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import type { CopiedState } from './copied-notice';
import { CopyPresetForm } from './copy-preset-form';
import classes from './presets.module.css';

/** Where an anonymous visitor signs in, coming back to this preset with the copy form open. */
export function signInToCopyPath(presetPath: string, signInPath: string): string {
  return `${signInPath}?redirect=${encodeURIComponent(`${presetPath}?copy=1`)}`;
}

function PriceLine({ preset }: { preset: PresetSummary }) {
  const { t } = useTranslation('presets');
  return preset.premium ? (
    <Group gap={6}>
      <IconCrown size={18} aria-hidden color="var(--mantine-color-yellow-7)" />
      <Text fw={700} size="sm" c="ink.9">
        {t('copy.premiumLine')}
      </Text>
    </Group>
  ) : (
    <Group gap={6}>
      <IconGift size={18} aria-hidden color="var(--mantine-color-teal-8)" />
      <Text fw={700} size="sm" c="teal.9">
        {t('copy.freeLine')}
      </Text>
    </Group>
  );
}

/** The copy action itself: the form when signed in, else the way to sign in and come back. */
function CopyAction({
  preset,
  signedIn,
  autoFocus,
}: {
  preset: PresetSummary;
  signedIn: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  // A premium itinerary not bought: the form says so and leads to the shop, signed in or not.
  if (signedIn || !preset.copyable) {
    return <CopyPresetForm preset={preset} autoFocus={autoFocus} />;
  }
  return (
    <Stack gap="xs">
      <Button
        component={Link}
        to={signInToCopyPath(to(`/jammy-itineraries/${preset.id}`), to('/login/start'))}
        size="md"
        fullWidth
        leftSection={<IconCopy size={18} aria-hidden />}
      >
        {t('copy.cta')}
      </Button>
      <Text size="xs" c="gray.7" ta="center">
        {t('copy.signInHint')}
      </Text>
    </Stack>
  );
}

/** The call to action on a wide screen: a card beside the trip. */
export function CopyCard({ preset, signedIn }: { preset: PresetSummary; signedIn: boolean }) {
  const { t } = useTranslation('presets');
  return (
    <section className={classes.cta} aria-labelledby="copy-title">
      <Stack gap="sm">
        <PriceLine preset={preset} />
        <Text id="copy-title" fw={750} size="lg">
          {t('copy.title')}
        </Text>
        <Text size="sm" c="gray.8">
          {t('copy.lead', { count: preset.days })}
        </Text>
        <CopyAction preset={preset} signedIn={signedIn} />
      </Stack>
    </section>
  );
}

/** The call to action on a phone: a bar at the bottom that opens the form in a dialog. */
export function CopyBar({
  preset,
  signedIn,
  onOpen,
}: {
  preset: PresetSummary;
  signedIn: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  return (
    <div className={classes.ctaBar} data-testid="copy-bar">
      {/* The button keeps its whole label: too long beside the price line (a narrow phone, a
          long language), it takes a line of its own. */}
      <Group justify="space-between" gap="xs" className={classes.ctaBarRow}>
        <PriceLine preset={preset} />
        {!preset.copyable ? (
          // Copying a premium itinerary begins with buying it.
          <Button
            component={Link}
            to={to('/shop')}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
          >
            {t('detail.previewAction')}
          </Button>
        ) : signedIn ? (
          <Button onClick={onOpen} leftSection={<IconCopy size={18} aria-hidden />}>
            {t('copy.cta')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={signInToCopyPath(to(`/jammy-itineraries/${preset.id}`), to('/login/start'))}
            leftSection={<IconCopy size={18} aria-hidden />}
          >
            {t('copy.cta')}
          </Button>
        )}
      </Group>
    </div>
  );
}

/** The copy form in a dialog (phones, and on coming back from signing in). */
export function CopyModal({
  preset,
  opened,
  onClose,
  onCopied,
}: {
  preset: PresetSummary;
  opened: boolean;
  onClose: () => void;
  /** Where to go once copied (default: the new itinerary). */
  onCopied?: (itineraryId: string, state: CopiedState) => Promise<void> | void;
}) {
  // The form kit's messages (namespace `form`) load with the page: first asked for when the
  // dialog opens, they would suspend the page behind it and close the dialog.
  const { t } = useTranslation(['presets', 'form']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('copy.title')}
      centered
      closeButtonProps={{ 'aria-label': t('copy.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          <bdi>{preset.title}</bdi> · {t('copy.lead', { count: preset.days })}
        </Text>
        <CopyPresetForm preset={preset} autoFocus onCopied={onCopied} />
      </Stack>
    </Modal>
  );
}
