import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Container, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useMe } from '../../../lib/session';
import { ItineraryHeader, ProblemAlert } from '../../itineraries/public';
import { useSharing } from '../api/members';
import { InvitationsList } from './invitations-list';
import { InviteForm } from './invite-form';
import { MembersSection } from './members-section';
import { ShareLinksSection } from './share-links-section';

/**
 * /itinerary/{id}/share: who is on the trip and with which role. The owner invites people,
 * changes roles, removes members, hands the trip over and manages read-only links; others
 * see the members and may leave.
 */
export function SharePage({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('sharing');
  const { t: tc } = useTranslation();
  const { itinerary } = tree;
  const { data: me } = useMe();
  const sharing = useSharing(itinerary.id);
  const isOwner = itinerary.role === 'owner';

  let content;
  if (sharing.isPending) {
    content = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={180} radius="lg" />
        <Skeleton height={140} radius="lg" />
      </Stack>
    );
  } else if (sharing.isError) {
    content = (
      <ProblemAlert
        error={sharing.error}
        lead={t('load.failed')}
        onRetry={() => void sharing.refetch()}
      />
    );
  } else {
    content = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: isOwner ? 7 : 12 }}>
          <Stack gap="xl">
            <MembersSection
              itineraryId={itinerary.id}
              members={sharing.data.members}
              myId={me?.id}
              myRole={itinerary.role}
            />
            {isOwner && <ShareLinksSection itineraryId={itinerary.id} links={sharing.data.links} />}
          </Stack>
        </Grid.Col>
        {isOwner && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby="invite-title"
            >
              <Stack gap="md">
                <Stack gap={4}>
                  <Title order={2} size="h3" id="invite-title">
                    {t('invite.title')}
                  </Title>
                  <Text size="sm" c="gray.8">
                    {t('invite.text')}
                  </Text>
                </Stack>
                <InviteForm itineraryId={itinerary.id} />
                <InvitationsList
                  itineraryId={itinerary.id}
                  invitations={sharing.data.invitations}
                />
              </Stack>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    );
  }

  return (
    <>
      <ItineraryHeader itinerary={itinerary} heading={tc('routes.itinerary-share.title')} />
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
        {!isOwner && (
          <Text size="sm" c="gray.8" mb="md">
            {t('members.notOwner')}
          </Text>
        )}
        {content}
      </Container>
    </>
  );
}
