import type { InterestId } from '@jammy/shared/interests';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useMe } from '../../../lib/session';
import { interestsOf, isStaleProfile, useSaveInterests } from '../api/interests';
import { InterestPicker } from './interest-picker';

function sameSet(a: InterestId[], b: InterestId[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function InterestsForm({ saved }: { saved: InterestId[] }) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  const save = useSaveInterests();
  const [value, setValue] = useState<InterestId[]>(saved);
  const changed = !sameSet(value, saved);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h4" id="interests-title">
                {t('interestsPage.pick')}
              </Title>
              <Text size="sm" c="gray.8">
                {t('interestsPage.count', { count: value.length })}
              </Text>
            </Group>
            <InterestPicker value={value} onChange={setValue} labelledBy="interests-title" />
          </Stack>
        </Paper>
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t(isStaleProfile(save.error) ? 'interestsPage.stale' : 'interestsPage.failed')}
            </Text>
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <div role="status" aria-live="polite">
            {changed ? (
              <Text size="sm" c="gray.8">
                {t('interestsPage.unsaved')}
              </Text>
            ) : save.isSuccess ? (
              <Group gap={6} c="teal.9">
                <IconCheck size={18} aria-hidden />
                <Text size="sm" fw={600}>
                  {t('interestsPage.saved')}{' '}
                  <Anchor component={Link} to={to('/jammy-itineraries')} fw={700} c="jam.9">
                    {t('interestsPage.seeRecommended')}
                  </Anchor>
                </Text>
              </Group>
            ) : null}
          </div>
          <Button
            type="submit"
            size="md"
            disabled={!changed}
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('interestsPage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /interests: what I like, so the Jammy itineraries that fit come first. */
export function InterestsPage() {
  const { t } = useTranslation('presets');
  const { t: tc } = useTranslation();
  const { data: me } = useMe();
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{tc('routes.interests.title')}</Title>
          <Text c="gray.8">{t('interestsPage.lead')}</Text>
        </Stack>
        {me ? <InterestsForm saved={interestsOf(me)} /> : <Skeleton height={360} radius="lg" />}
      </Stack>
    </Container>
  );
}
