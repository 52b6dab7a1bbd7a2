import {
  API_TOKEN_LIFETIMES,
  createApiTokenSchema,
  type CreatedApiToken,
} from '@jammy/shared/api-tokens';
import { MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useCreateApiToken, useTokenTrips } from '../api/api-tokens';

const INITIAL = {
  name: '',
  expiresInDays: '30',
  access: 'read',
  reach: 'all',
  trips: [] as string[],
};

/**
 * A new personal API token: its name, how long it works, read or read-write, and every trip or
 * chosen ones. What is sent is checked with the server's own schema (the form kit); the
 * created token, with its secret, goes to `onCreated`.
 */
export function NewApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation('account');
  const create = useCreateApiToken();
  const trips = useTokenTrips();
  const form = useForm({
    initialValues: INITIAL,
    schema: createApiTokenSchema,
    toBody: (values) => ({
      name: values.name,
      expiresInDays: Number(values.expiresInDays),
      access: values.access,
      trips: values.reach === 'all' ? null : values.trips,
    }),
    ns: 'account',
    messages: {
      name: { required: 'tokens.nameRequired', tooLong: 'validation.tooLong' },
      trips: { tooShort: 'tokens.tripsRequired', invalid: 'tokens.tripsRequired' },
    },
    messageValues: { max: 80 },
    submit: async (body) => {
      const created = await create.mutateAsync(body);
      form.setValues(INITIAL);
      onCreated(created);
    },
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md" maw={520}>
        <TextInput
          {...form.field('name')}
          label={t('tokens.name')}
          description={t('tokens.nameHint')}
          autoComplete="off"
          required
        />
        <Select
          {...form.field('expiresInDays')}
          label={t('tokens.expiresIn')}
          data={API_TOKEN_LIFETIMES.map((days) => ({
            value: String(days),
            label: t(`tokens.lifetimes.d${days}`),
          }))}
          allowDeselect={false}
          onChange={(value) => form.setValue('expiresInDays', value ?? INITIAL.expiresInDays)}
        />
        <Radio.Group {...form.field('access')} label={t('tokens.access')}>
          <Stack gap={6} mt="xs">
            <Radio value="read" label={t('tokens.read')} description={t('tokens.readHint')} />
            <Radio
              value="read-write"
              label={t('tokens.readWrite')}
              description={t('tokens.readWriteHint')}
            />
          </Stack>
        </Radio.Group>
        <Radio.Group {...form.field('reach')} label={t('tokens.reach')}>
          <Stack gap={6} mt="xs">
            <Radio value="all" label={t('tokens.allTrips')} />
            <Radio value="chosen" label={t('tokens.chosenTrips')} />
          </Stack>
        </Radio.Group>
        {form.values.reach === 'chosen' ? (
          <MultiSelect
            {...form.field('trips')}
            label={t('tokens.trips')}
            placeholder={t('tokens.tripsPlaceholder')}
            data={(trips.data ?? []).map((trip) => ({ value: trip.id, label: trip.title }))}
            searchable
            nothingFoundMessage={t('tokens.noTrips')}
          />
        ) : null}
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('tokens.create')}
          submitting={form.submitting}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}
