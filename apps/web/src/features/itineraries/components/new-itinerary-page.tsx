import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { Me } from '@jammy/shared/account';
import { newUuidV7 } from '@jammy/shared/uuid';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { meQuery } from '../../auth/session';
import { useCreateItinerary } from '../api/itineraries';
import { itineraryKeys } from '../api/keys';
import { ItineraryFormFields, focusFirstError } from './itinerary-form-fields';
import {
  EMPTY_VALUES,
  ITINERARY_FIELDS,
  fieldErrorsOf,
  payloadOf,
  validateValues,
  withoutError,
  type FieldErrors,
  type ItineraryField,
} from './itinerary-form-values';
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
  const formId = useId();
  const [values, setValues] = useState(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: ItineraryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateValues(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstError(formId, problems, ITINERARY_FIELDS);
      return;
    }
    // The trip's id is chosen here, so that it has its page even when made offline.
    const input = { ...payloadOf(values), id: newUuidV7() };
    create.mutate(input, {
      onSuccess: (saved) => {
        // Offline it waits in the outbox: the page shows the trip as it will be saved.
        const now = new Date().toISOString();
        const me = queryClient.getQueryData<Me | null>(meQuery.queryKey);
        const itinerary: Itinerary = saved ?? {
          ...input,
          timezone: null,
          cover: null,
          ownerId: me?.id ?? input.id,
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
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (fields) {
          setErrors(fields);
          focusFirstError(formId, fields, ITINERARY_FIELDS);
        }
      },
    });
  };

  const serverFieldErrors = create.isError && fieldErrorsOf(create.error) !== null;
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{tc('routes.itinerary-new.title')}</Title>
          <Text c="gray.8">{t('form.newLead')}</Text>
        </Stack>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form id={formId} onSubmit={submit} noValidate className={formClasses.form}>
            <Stack gap="xl">
              {/* A new trip starts with its title: typing right away fills it. */}
              <ItineraryFormFields
                formId={formId}
                values={values}
                errors={errors}
                onChange={change}
                focusTitle
              />
              {create.isError && !serverFieldErrors && <ProblemAlert error={create.error} />}
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={to('/itineraries')} variant="default" size="md">
                  {t('form.cancel')}
                </Button>
                <Button
                  type="submit"
                  size="md"
                  loading={create.isPending}
                  leftSection={<IconPlus size={18} aria-hidden />}
                >
                  {t('form.create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
