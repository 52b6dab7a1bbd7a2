import { PASSKEY_NAME_MAX, passkeyNameSchema, type Passkey } from '@jammy/shared/passkeys';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { z } from 'zod';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatRelative } from '../../../lib/format-time';
import {
  browserHasPasskeys,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/passkeys';
import { accountFormOptions, ACCOUNT_FIELD_MESSAGES } from '../lib/form-schemas';
import { parseUserAgent } from '../../../lib/user-agent';
import { LoadingBlock } from './loading-block';
import { ProblemAlert } from './problem-alert';
import { SectionCard } from './section-card';
import { SuccessAlert } from './success-alert';

const FIELDS = ['name'] as const;
const nameSchema = z.object({ name: passkeyNameSchema });

/**
 * The account forms' options with a passkey's own words for its name. The passkeys' words are
 * in the `security` namespace, with the security activity's: the account page is online-only,
 * and that namespace stays out of the offline precache (vite.config.ts).
 */
function passkeyFormOptions() {
  return {
    ...accountFormOptions(FIELDS),
    ns: 'security',
    messages: {
      ...ACCOUNT_FIELD_MESSAGES,
      name: { required: 'passkeys.nameRequired', tooLong: 'passkeys.nameTooLong' },
    },
    messageValues: { max: PASSKEY_NAME_MAX },
  };
}

/** A name that tells this device apart ("Chrome on Android"), for the traveller to keep or change. */
function useThisDeviceName(): string {
  const { t } = useTranslation('security');
  const { browser, os } = parseUserAgent(navigator.userAgent);
  if (browser && os) return t('browserOn', { browser, os });
  return browser ?? os ?? '';
}

function NewPasskeyForm({ onAdded }: { onAdded: (passkey: Passkey) => void }) {
  const { t } = useTranslation('security');
  const add = useAddPasskey();
  const form = useForm({
    ...passkeyFormOptions(),
    initialValues: { name: useThisDeviceName() },
    schema: nameSchema,
    submit: async ({ name }) => {
      onAdded(await add.mutateAsync(name));
      form.setValues({ name: '' });
    },
  });
  return (
    <form {...form.formProps}>
      <Stack gap="sm" maw={520}>
        <TextInput
          {...form.field('name')}
          label={t('passkeys.name')}
          description={t('passkeys.nameHelp')}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          dir="auto"
          required
        />
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('passkeys.add')}
          icon={<IconPlus size={16} aria-hidden />}
          submitting={form.submitting}
          size="sm"
          align="start"
        />
      </Stack>
    </form>
  );
}

function RenamePasskeyForm({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  onDone: (renamed: Passkey | null) => void;
}) {
  const { t } = useTranslation('security');
  const rename = useRenamePasskey();
  const form = useForm({
    ...passkeyFormOptions(),
    initialValues: { name: passkey.name },
    schema: nameSchema,
    submit: async ({ name }) => onDone(await rename.mutateAsync({ id: passkey.id, name })),
  });
  return (
    <form {...form.formProps}>
      <Stack gap="sm">
        <TextInput
          {...form.field('name')}
          label={t('passkeys.newName', { name: passkey.name })}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          dir="auto"
          required
          // Opened by its button, which is gone: the field it opened takes the focus.
          autoFocus
        />
        {form.failure !== null && <ProblemAlert error={form.failure} />}
        <SubmitBar
          label={t('passkeys.save')}
          submitting={form.submitting}
          size="xs"
          align="start"
          cancel={{ label: t('passkeys.cancel'), onClick: () => onDone(null) }}
        />
      </Stack>
    </form>
  );
}

function PasskeyRow({
  passkey,
  onRenamed,
  onRemove,
  removing,
}: {
  passkey: Passkey;
  onRenamed: (renamed: Passkey) => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('security');
  const { language } = useLanguage();
  const [renaming, setRenaming] = useState(false);
  const titleId = `passkey-${passkey.id}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <IconFingerprint size={18} aria-hidden />
          <Text id={titleId} fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Text>
          {passkey.backedUp ? (
            <Badge color="ink" variant="outline">
              {t('passkeys.synced')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="gray.8">
          {t('passkeys.added', { date: formatDateTime(passkey.createdAt, language) })}
        </Text>
        <Text size="sm" c="gray.8">
          <span>{t('passkeys.lastUsed')} </span>
          {passkey.lastUsedAt ? (
            <time
              dateTime={passkey.lastUsedAt}
              title={formatDateTime(passkey.lastUsedAt, language)}
            >
              {formatRelative(passkey.lastUsedAt, language)}
            </time>
          ) : (
            t('passkeys.neverUsed')
          )}
        </Text>
        {renaming ? (
          <RenamePasskeyForm
            passkey={passkey}
            onDone={(renamed) => {
              setRenaming(false);
              if (renamed) onRenamed(renamed);
            }}
          />
        ) : (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setRenaming(true)}
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
            >
              {t('passkeys.rename')}
            </Button>
            <Button
              color="red.9"
              variant="outline"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={removing}
              onClick={onRemove}
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
            >
              {t('passkeys.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Passkeys: sign in with the device's lock (face, fingerprint, PIN) instead of a password.
 * Several per account (a phone, a laptop, a security key), each named, renamed and removed.
 */
export function PasskeysCard() {
  const { t } = useTranslation('security');
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [notice, setNotice] = useState<string | null>(null);
  const supported = browserHasPasskeys();

  function removeOne(passkey: Passkey) {
    setNotice(null);
    remove.mutate(passkey.id, {
      onSuccess: () => setNotice(t('passkeys.removedNotice', { name: passkey.name })),
    });
  }

  return (
    <SectionCard id="passkeys-card" title={t('passkeys.title')} description={t('passkeys.text')}>
      {notice ? <SuccessAlert>{notice}</SuccessAlert> : null}
      {remove.error ? <ProblemAlert error={remove.error} /> : null}
      {passkeys.isPending ? (
        <LoadingBlock heights={[90]} />
      ) : passkeys.isError ? (
        <ProblemAlert error={passkeys.error} />
      ) : passkeys.data.length === 0 ? (
        <Text size="sm" c="gray.8">
          {t('passkeys.none')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="passkeys-card">
          {passkeys.data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              removing={remove.isPending && remove.variables === passkey.id}
              onRemove={() => removeOne(passkey)}
              onRenamed={(renamed) =>
                setNotice(t('passkeys.renamedNotice', { name: renamed.name }))
              }
            />
          ))}
        </Stack>
      )}
      {supported ? (
        <NewPasskeyForm
          onAdded={(passkey) => setNotice(t('passkeys.addedNotice', { name: passkey.name }))}
        />
      ) : (
        <Text size="sm" c="gray.8">
          {t('passkeys.unsupported')}
        </Text>
      )}
    </SectionCard>
  );
}
