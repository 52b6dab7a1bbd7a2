import { Stack } from '@mantine/core';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { authFormOptions } from '../lib/auth-messages';
import { emailRequestSchema } from '../lib/schemas';
import { FormAlert } from './form-alert';
import { EmailField } from './identity-fields';

const FIELDS = ['email'] as const;

/**
 * One e-mail address and a button: asks for a sign-in link, a confirmation or a password
 * reset (`send`), then hands the address to `onSent`.
 */
export function EmailRequestForm({
  submitLabel,
  initialEmail = '',
  send,
  onSent,
}: {
  submitLabel: string;
  initialEmail?: string;
  send: (email: string) => Promise<unknown>;
  onSent: (email: string) => void;
}) {
  const form = useForm({
    ...authFormOptions(FIELDS),
    initialValues: { email: initialEmail },
    schema: emailRequestSchema,
    submit: async (_body, values) => {
      const address = values.email.trim();
      await send(address);
      onSent(address);
    },
  });

  return (
    <form {...form.formProps}>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <EmailField {...form.field('email')} />
        <SubmitBar label={submitLabel} submitting={form.submitting} stretch />
      </Stack>
    </form>
  );
}
