import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { Photo } from '@jammy/shared/media';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { CoverEditor } from '../../files/components/cover-editor';
import { useUpdateItinerary } from '../api/itineraries';
import { itineraryKeys } from '../api/keys';
import { ConflictPanel } from './conflict-panel';
import { ItineraryCover } from './itinerary-cover';
import { ItineraryFormFields, focusFirstError } from './itinerary-form-fields';
import {
  ITINERARY_FIELDS,
  conflictOf,
  fieldErrorsOf,
  payloadOf,
  validateValues,
  valuesOf,
  withoutError,
  type FieldErrors,
  type ItineraryField,
} from './itinerary-form-values';
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
  const formId = useId();
  const [values, setValues] = useState(() => valuesOf(itinerary));
  const [baseVersion, setBaseVersion] = useState(itinerary.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<Itinerary | null>(null);
  const [tookTheirs, setTookTheirs] = useState(false);
  const conflictRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  const change = (field: ItineraryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const save = (version: number) => {
    const problems = validateValues(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstError(formId, problems, ITINERARY_FIELDS);
      return;
    }
    update.mutate(
      { ...payloadOf(values), version },
      {
        // Offline the change waits in the outbox: the trip is the same one either way.
        onSuccess: () => void navigate(to(`/itinerary/${itinerary.id}`)),
        onError: (error) => {
          const current = conflictOf(error);
          setConflict(current);
          const fields = fieldErrorsOf(error);
          if (fields) {
            setErrors(fields);
            focusFirstError(formId, fields, ITINERARY_FIELDS);
          }
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTookTheirs(false);
    save(baseVersion);
  };

  const takeTheirs = (theirs: Itinerary) => {
    setValues(valuesOf(theirs));
    setBaseVersion(theirs.version);
    setErrors({});
    setConflict(null);
    setTookTheirs(true);
    update.reset();
  };

  const keepMine = (theirs: Itinerary) => {
    setBaseVersion(theirs.version);
    save(theirs.version);
  };

  const otherProblem = update.isError && !conflictOf(update.error) && !fieldErrorsOf(update.error);
  const typed = values.coverUrl.trim() && !errors.coverUrl ? values.coverUrl.trim() : null;
  const preview = itinerary.cover?.mediumUrl ?? itinerary.cover?.url ?? typed;

  const coverSaved = (saved: Itinerary) => {
    setItinerary(saved);
    setBaseVersion(saved.version);
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
      aria-labelledby={`${formId}-heading`}
    >
      <form id={formId} onSubmit={submit} noValidate className={formClasses.form}>
        <Stack gap="xl">
          <Title order={2} size="h3" id={`${formId}-heading`}>
            {t('edit.detailsTitle')}
          </Title>
          {conflict && (
            <ConflictPanel
              ref={conflictRef}
              theirs={conflict}
              mine={values}
              saving={update.isPending}
              onUseTheirs={() => takeTheirs(conflict)}
              onKeepMine={() => keepMine(conflict)}
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
          <ItineraryFormFields
            formId={formId}
            values={values}
            errors={errors}
            onChange={change}
            withCover
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('form.coverPreview')}
            </Text>
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }} maw={420}>
              <ItineraryCover
                id={itinerary.id}
                title={values.title || itinerary.title}
                coverUrl={preview}
                height={140}
              />
            </Paper>
            <CoverEditor
              itinerary={itinerary}
              version={baseVersion}
              photos={photos}
              onSaved={coverSaved}
            />
          </Stack>
          {otherProblem && <ProblemAlert error={update.error} />}
          <Group justify="flex-end" gap="sm">
            <Button
              component={Link}
              to={to(`/itinerary/${itinerary.id}`)}
              variant="default"
              size="md"
            >
              {t('form.cancel')}
            </Button>
            <Button
              type="submit"
              size="md"
              loading={update.isPending && !conflict}
              disabled={update.isPending && conflict !== null}
              leftSection={<IconCheck size={18} aria-hidden />}
            >
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
