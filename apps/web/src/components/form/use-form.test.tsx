// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { ConflictPanel } from './conflict-panel';
import en from './locales/en.json';
import { useForm } from './use-form';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { form: en, trip: { titleRequired: 'Give your trip a title.' } } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const schema = z.object({
  title: z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters'),
  city: z.string().min(2, 'must be at least 2 characters'),
});
type Values = { title: string; city: string };

function wrap(children: ReactNode) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </I18nextProvider>
  );
}

function TripForm({
  submit,
  initial = { title: 'Lisbon', city: 'Porto' },
}: {
  submit: (body: Values) => Promise<unknown>;
  initial?: Values;
}) {
  const form = useForm({
    initialValues: initial,
    schema,
    submit,
    ns: 'trip',
    messages: { title: { required: 'titleRequired' } },
  });
  return (
    <form {...form.formProps}>
      {form.conflict !== null && (
        <ConflictPanel
          title="Changed meanwhile"
          text="Someone saved this."
          rows={[
            {
              label: 'Title',
              theirs: (form.conflict as Values).title,
              mine: form.values.title,
            },
          ]}
          saving={form.submitting}
          onUseTheirs={() => form.setValues(form.conflict as Values)}
          onKeepMine={() => void form.send()}
        />
      )}
      <TextInput label="Title" {...form.field('title')} />
      <TextInput label="City" {...form.field('city')} />
      <button type="submit">Save</button>
    </form>
  );
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await Promise.resolve();
  });
}

describe('useForm', () => {
  it('checks with the schema before sending, and focuses the first invalid field in page order', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(wrap(<TripForm submit={submit} initial={{ title: '', city: 'x' }} />));
    await save();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Give your trip a title.')).toBeTruthy();
    expect(screen.getByText('This is too short: at least 2 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');

    // Typing clears that field's message only.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Kyoto' } });
    expect(screen.queryByText('Give your trip a title.')).toBeNull();
    expect(screen.getByText('This is too short: at least 2 characters.')).toBeTruthy();
  });

  it('puts the field issues of a 400 on their fields, worded by the kit, and focuses the first', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'request/invalid', 'city: must be at most 3 characters', {
          issues: [{ field: 'city', message: 'must be at most 3 characters' }],
        }),
      ),
    );
    render(wrap(<TripForm submit={submit} />));
    await save();
    expect(submit).toHaveBeenCalledWith({ title: 'Lisbon', city: 'Porto' }, expect.anything());
    expect(screen.getByText('This is too long: at most 3 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the conflict panel on a 409 with the current resource, and takes their values', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError(409, 'conflict', 'stale version', {
          current: { title: 'Lisbon by the owner', city: 'Porto' },
        }),
      ),
    );
    render(wrap(<TripForm submit={submit} />));
    await save();
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Changed meanwhile');
    expect(panel.textContent).toContain('Lisbon by the owner');
    expect(panel.textContent).toContain('Lisbon');
    expect(document.activeElement).toBe(panel);

    fireEvent.click(screen.getByRole('button', { name: en.conflict.useTheirs }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Lisbon by the owner');
  });

  it('keeps any other failure for the form to explain', async () => {
    const failure = new ApiError(0, 'network/failed', 'offline');
    function Probe() {
      const form = useForm({
        initialValues: { title: 'Lisbon', city: 'Porto' },
        schema,
        submit: () => Promise.reject(failure),
      });
      return (
        <form {...form.formProps}>
          {form.failure === failure && <p>kept</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<Probe />));
    await save();
    expect(screen.getByText('kept')).toBeTruthy();
  });

  it('loads a schema given as a loader, and puts a refusal naming a field of its own there', async () => {
    const refusal = new Error('identity server: terms not accepted');
    function SignUp() {
      const form = useForm({
        initialValues: { terms: true },
        schema: () => Promise.resolve(z.object({ acceptTerms: z.literal(true) })),
        toBody: (values) => ({ acceptTerms: values.terms }),
        fieldsOfBody: { acceptTerms: 'terms' },
        submit: () => Promise.reject(refusal),
        fieldOfFailure: (error) =>
          error === refusal ? { field: 'terms', key: 'conflict.field' } : null,
        alsoSumUp: true,
      });
      return (
        <form {...form.formProps}>
          {form.failure === refusal && <p>summed up</p>}
          <input
            type="checkbox"
            aria-label="Terms"
            data-field="terms"
            checked={form.values.terms}
            onChange={(event) => form.setValue('terms', event.currentTarget.checked)}
          />
          {form.errorOf('terms') && <p>{form.errorOf('terms')}</p>}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<SignUp />));
    await save();
    expect(screen.getByText(en.conflict.field)).toBeTruthy();
    expect(screen.getByText('summed up')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Terms'));

    fireEvent.click(screen.getByLabelText('Terms'));
    await save();
    // The body's `acceptTerms` is the form's `terms`: the schema's refusal lands there.
    expect(screen.getByText(en.required)).toBeTruthy();
  });

  it('brings the sent values back after a failure only if nothing new was typed meanwhile', async () => {
    const empty = { title: '', city: '' };
    let fail: (error: unknown) => void = () => undefined;
    function QuickAdd() {
      const form = useForm({
        initialValues: empty,
        schema,
        // Cleared at once for the next one; the sent values come back if the save fails.
        submit: async (_body, sent) => {
          form.setValues(empty);
          try {
            await new Promise((_resolve, reject) => (fail = reject));
          } catch {
            form.setValues((current) => (current === empty ? sent : current));
          }
        },
      });
      return (
        <form {...form.formProps}>
          <TextInput label="Title" {...form.field('title')} />
          <TextInput label="City" {...form.field('city')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<QuickAdd />));
    const title = () => (screen.getByLabelText('Title') as HTMLInputElement).value;
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Kyoto' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Kyoto' } });
    await save();
    expect(title()).toBe('');
    await act(async () => fail(new Error('offline')));
    expect(title()).toBe('Kyoto');

    await save();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Nara' } });
    await act(async () => fail(new Error('offline')));
    expect(title()).toBe('Nara');
  });

  it('refuses typed text that does not read before the schema, in the words of its field', async () => {
    const submit = vi.fn(() => Promise.resolve());
    function Cost() {
      const form = useForm({
        initialValues: { cost: 'twelve' },
        schema: z.object({ costMinor: z.number().int() }),
        unreadable: (values) =>
          /^\d+$/.test(values.cost) ? {} : { cost: 'Cost: enter an amount like 612.40.' },
        toBody: (values) => ({ costMinor: Number(values.cost) }),
        fieldsOfBody: { costMinor: 'cost' },
        submit,
      });
      return (
        <form {...form.formProps}>
          <TextInput label="Cost" {...form.field('cost')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<Cost />));
    await save();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Cost: enter an amount like 612.40.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Cost'));

    fireEvent.change(screen.getByLabelText('Cost'), { target: { value: '1240' } });
    await save();
    expect(submit).toHaveBeenCalledWith({ costMinor: 1240 }, expect.anything());
  });
});
