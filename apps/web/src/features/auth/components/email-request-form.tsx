import { Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useAuthForm } from '../use-auth-form';
import { checkEmail } from '../validation';
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
  const emailRef = useRef<HTMLInputElement>(null);
  const [refs] = useState(() => ({ email: emailRef }));
  const form = useAuthForm(FIELDS, refs);
  const [email, setEmail] = useState(initialEmail);
  const request = useMutation({
    mutationFn: async (address: string) => {
      await send(address);
      return address;
    },
    onSuccess: onSent,
    onError: form.fail,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending || form.check({ email: checkEmail(email) })) return;
    request.mutate(email.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert failure={form.failure} />
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(value) => {
            setEmail(value);
            form.clear('email');
          }}
          error={form.errorOf('email')}
        />
        <Button type="submit" size="md" loading={request.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
