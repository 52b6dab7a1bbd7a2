import type { RouteId } from '@jammy/shared/route-table';
import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A page whose feature is still being built: its title and what it will hold, honestly
 * labelled, with nothing that pretends to work.
 */
export function PlannedPage({ routeId }: { routeId: RouteId }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t(`routes.${routeId}.title`)}</Title>
        <Text size="lg" c="gray.8" maw={680}>
          {t(`routes.${routeId}.description`)}
        </Text>
        <Paper withBorder radius="lg" p="lg" bg="gray.0" maw={680}>
          <Stack gap="xs" align="flex-start">
            <Badge variant="light" color="ink" leftSection={<IconTools size={14} aria-hidden />}>
              {t('planned.badge')}
            </Badge>
            <Text size="sm" c="gray.8">
              {t('planned.note')}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
