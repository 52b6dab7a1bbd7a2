import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { Photo } from '@jammy/shared/media';
import { updateItinerarySchema } from '@jammy/shared/itineraries';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNavigate } from 'react-router';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { CoverEditor } from '../../files/public';
import { useUpdateItinerary } from '../api/itineraries';
import { itineraryKeys } from '../../../lib/query-keys';
import { ItineraryConflict } from './itinerary-conflict';
import { ItineraryCover } from './itinerary-cover';
import { ItineraryFormFields } from './itinerary-form-fields';
import { ITINERARY_MESSAGES, payloadOf, valuesOf } from './itinerary-form-values';
import formClasses from './itinerary-form.module.css';
import { ProblemAlert } from './problem-alert';

/**
 * The itinerary's details, saved with the version the form was filled from: when someone
 * else saved in between (409), their values are shown to take or to overwrite.
 */
export function EditItineraryForm({
  itinerary: initial,
  photos,
}: {
  itinerary: Itinerary;
  /** The trip's photos, to take one as the cover. */
  photos: Photo[];
}) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The cover is saved on its own: its answer is the itinerary this form goes on from.
  const [itinerary, setItinerary] = useState(initial);
  const update = useUpdateItinerary(itinerary.id);
  const headingId = useId();
  const [tookTheirs, setTookTheirs] = useState(false);
  const form = useForm({
    ns: 'itineraries',
    messages: ITINERARY_MESSAGES,
    // The version the form was filled from travels with the save.
    initialValues: valuesOf(itinerary),
    schema: updateItinerarySchema,
    toBody: (values) => ({ ...payloadOf(values), version: values.version }),
    submit: async (body) => {
      setTookTheirs(false);
      await update.mutateAsync(body);
      // Offline the change waits in the outbox: the trip is the same one either way.
      void navigate(to(`/itinerary/${itinerary.id}`));
    },
  });
  const theirs = form.conflict as Itinerary | null;

  const takeTheirs = (current: Itinerary) => {
    form.setValues(valuesOf(current));
    form.dismissConflict();
    setTookTheirs(true);
  };

  const typed =
    form.values.coverUrl.trim() && !form.errorOf('coverUrl') ? form.values.coverUrl.trim() : null;
  const preview = itinerary.cover?.mediumUrl ?? itinerary.cover?.url ?? typed;

  const coverSaved = (saved: Itinerary) => {
    setItinerary(saved);
    form.setValue('version', saved.version);
    queryClient.setQueryData<ItineraryTree>(itineraryKeys.tree(saved.id), (tree) =>
      tree ? { ...tree, itinerary: saved } : tree,
    );
    void queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={headingId}
    >
      <form {...form.formProps} className={formClasses.form}>
        <Stack gap="xl">
          <Title order={2} size="h3" id={headingId}>
            {t('edit.detailsTitle')}
          </Title>
          {theirs && (
            <ItineraryConflict
              theirs={theirs}
              mine={form.values}
              saving={form.submitting}
              onUseTheirs={() => takeTheirs(theirs)}
              onKeepMine={() => void form.send({ version: theirs.version })}
            />
          )}
          {tookTheirs && (
            <Alert
              color="ink"
              variant="light"
              radius="md"
              role="status"
              icon={<IconInfoCircle size={20} aria-hidden />}
            >
              <Text size="sm" c="ink.9">
                {t('conflict.tookTheirs')}
              </Text>
            </Alert>
          )}
          <ItineraryFormFields form={form} withCover />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('form.coverPreview')}
            </Text>
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }} maw={420}>
              <ItineraryCover
                id={itinerary.id}
                title={form.values.title || itinerary.title}
                coverUrl={preview}
                height={140}
              />
            </Paper>
            <CoverEditor
              itinerary={itinerary}
              version={form.values.version}
              photos={photos}
              onSaved={coverSaved}
            />
          </Stack>
          {form.failure !== null && <ProblemAlert error={form.failure} />}
          <SubmitBar
            label={t('form.save')}
            submitting={form.submitting && !theirs}
            disabled={form.submitting && theirs !== null}
            icon={<IconCheck size={18} aria-hidden />}
            cancel={{ label: t('form.cancel'), to: to(`/itinerary/${itinerary.id}`) }}
          />
        </Stack>
      </form>
    </Paper>
  );
}
