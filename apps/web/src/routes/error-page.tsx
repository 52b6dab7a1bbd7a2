import { isLanguage, localizePath, textDirection } from '@jammy/shared/languages';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import notFoundArt from '../assets/not-found.svg';
import { BrandLink } from '../layouts/brand-link';
import { isChunkLoadError } from '../lib/reload-guard';
import classes from './error-page.module.css';

const KNOWN_STATUSES = [400, 401, 403, 404, 408, 409, 413, 429, 500, 502, 503, 504] as const;

/**
 * The error page (spec §2, §8): 404 "Page Not Found" followed by the path; any other error
 * "Internal Server Error" with its status (500 unless known). Shown by RouteError, which
 * reloads instead when a page part failed to load (reload guard) and may.
 */
export function ErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const target = `${location.pathname}${location.search}${location.hash}`;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const statusMessage = notFound
    ? `${t('error.notFound')}: ${location.pathname}`
    : status === 500 || !(KNOWN_STATUSES as readonly number[]).includes(status)
      ? t('error.internal')
      : t(`error.status.${status}`);
  const description = notFound
    ? t('error.notFoundDescription')
    : isChunkLoadError(error)
      ? t('error.chunkDescription')
      : t('error.internalDescription');

  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = textDirection(language);
    document.title = `${statusMessage} · ${t('app.name')}`;
  }, [language, statusMessage, t]);

  return (
    <div className={classes.page} data-layout="empty" data-error-status={status}>
      <Container size="md" w="100%" py="lg">
        <header>
          <BrandLink />
        </header>
      </Container>
      <main id="main">
        <Container size="sm" py={48}>
          <Stack align="center" ta="center" gap="md">
            <img src={notFoundArt} alt="" className={classes.art} />
            <Text className={classes.status} aria-label={t('error.statusCode', { status })}>
              {status}
            </Text>
            <Title order={1} size="h2">
              {notFound ? (
                <>
                  {t('error.notFound')}: <span className={classes.path}>{location.pathname}</span>
                </>
              ) : (
                statusMessage
              )}
            </Title>
            <Text c="gray.8" maw={480}>
              {description}
            </Text>
            <Group justify="center" mt="sm">
              <Button
                component={Link}
                to={localizePath('/', language)}
                reloadDocument
                leftSection={<IconHome size={18} aria-hidden />}
              >
                {t('error.backHome')}
              </Button>
              {!notFound && (
                <Button
                  variant="default"
                  onClick={() => window.location.replace(target)}
                  leftSection={<IconRefresh size={18} aria-hidden />}
                >
                  {t('error.tryAgain')}
                </Button>
              )}
            </Group>
          </Stack>
        </Container>
      </main>
    </div>
  );
}
