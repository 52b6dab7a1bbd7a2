import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { Me } from '@jammy/shared/account';
import { newUuidV7 } from '@jammy/shared/uuid';
import { createItinerarySchema } from '@jammy/shared/itineraries';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { meQuery } from '../../../lib/session';
import { useCreateItinerary } from '../api/itineraries';
import { itineraryKeys } from '../../../lib/query-keys';
import { ItineraryFormFields } from './itinerary-form-fields';
import { EMPTY_VALUES, ITINERARY_MESSAGES, payloadOf } from './itinerary-form-values';
import formClasses from './itinerary-form.module.css';
import { ProblemAlert } from './problem-alert';

/** /itinerary: a new trip from a title (and, if known, description and dates). */
export function NewItineraryPage() {
  const { t } = useTranslation('itineraries');
  const { t: tc } = useTranslation();
  const { to } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateItinerary();
  const form = useForm({
    ns: 'itineraries',
    messages: ITINERARY_MESSAGES,
    initialValues: EMPTY_VALUES,
    schema: createItinerarySchema,
    // The trip's id is chosen here, so that it has its page even when made offline.
    toBody: (values) => ({ ...payloadOf(values), id: newUuidV7() }),
    submit: async (input) => {
      const saved = await create.mutateAsync(input);
      // Offline it waits in the outbox: the page shows the trip as it will be saved.
      const now = new Date().toISOString();
      const me = queryClient.getQueryData<Me | null>(meQuery.queryKey);
      const id = input.id ?? newUuidV7();
      const itinerary: Itinerary = saved ?? {
        ...payloadOf(form.values),
        id,
        timezone: null,
        cover: null,
        ownerId: me?.id ?? id,
        role: 'owner',
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      // The new trip opens at once: its (empty) tree is already known.
      const tree: ItineraryTree = {
        itinerary,
        stages: [],
        places: [],
        photos: [],
        attachments: [],
        bookings: [],
      };
      queryClient.setQueryData(itineraryKeys.tree(itinerary.id), tree);
      void navigate(to(`/itinerary/${itinerary.id}`));
    },
  });

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{tc('routes.itinerary-new.title')}</Title>
          <Text c="gray.8">{t('form.newLead')}</Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form {...form.formProps} className={formClasses.form}>
            <Stack gap="xl">
              {/* A new trip starts with its title: typing right away fills it. */}
              <ItineraryFormFields form={form} focusTitle />
              {form.failure !== null && <ProblemAlert error={form.failure} />}
              <SubmitBar
                label={t('form.create')}
                submitting={form.submitting}
                icon={<IconPlus size={18} aria-hidden />}
                cancel={{ label: t('form.cancel'), to: to('/itineraries') }}
              />
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
