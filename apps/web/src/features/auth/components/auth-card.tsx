import type { RouteId } from '@jammy/shared/route-table';
import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import classes from './auth-card.module.css';

/**
 * The frame of every sign-in page: a centred card with an icon, the page's title (the core
 * `routes.<id>.title`, so the document title and the heading agree), a short intro, the form,
 * and a line under the card (usually the way to the other side: sign in / sign up).
 */
export function AuthCard({
  routeId,
  icon,
  intro,
  children,
  footer,
}: {
  routeId: RouteId;
  icon: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size={472} px="md" py={{ base: 28, sm: 64 }} data-auth-card>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 32 }} className={classes.card}>
        <Stack gap="lg">
          <Stack gap="xs">
            <ThemeIcon variant="light" color="jam" size={48} radius="xl" aria-hidden>
              {icon}
            </ThemeIcon>
            <Title order={1} fz={{ base: 26, sm: 30 }} lh={1.2}>
              {t(`routes.${routeId}.title`)}
            </Title>
            {intro ? <Text c="gray.7">{intro}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Text ta="center" size="sm" c="gray.8" mt="lg">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
