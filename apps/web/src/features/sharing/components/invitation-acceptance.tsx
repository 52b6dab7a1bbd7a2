import { INVITATION_QUERY_PARAM } from '@jammy/shared/sharing-params';
import { Alert, Button, Container, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';

function failureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'accept.network';
    if (error.code.endsWith('expired')) return 'accept.expired';
    if (error.status === 404 || error.status === 400 || error.status === 410)
      return 'accept.invalid';
    if (error.status === 403) return 'accept.otherAccount';
  }
  return 'accept.failed';
}

/**
 * Opens an invitation from its mail (/itineraries?invitation=…): accepts it for the signed-in
 * traveller and lands them in the itinerary. Renders nothing without an invitation.
 */
export function InvitationAcceptance() {
  const { t } = useTranslation('sharing');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const token = params.get(INVITATION_QUERY_PARAM);
  const accept = useAcceptInvitation();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    accept.mutate(token, {
      onSuccess: ({ itineraryId }) =>
        void navigate(to(`/itinerary/${itineraryId}`), { replace: true }),
    });
  }, [token, accept, navigate, to]);

  if (!token && !accept.isError) return null;
  return (
    <Container size="lg" pt="lg">
      {accept.isError ? (
        <Alert
          color="red"
          variant="light"
          radius="md"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('accept.title')}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="red.9">
              {t(failureKey(accept.error))}
            </Text>
            <Button
              size="compact-sm"
              variant="white"
              color="red.9"
              onClick={() => {
                accept.reset();
                setParams({}, { replace: true });
              }}
            >
              {t('accept.dismiss')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('accept.joining')}</Text>
        </Group>
      )}
    </Container>
  );
}
