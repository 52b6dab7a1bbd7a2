// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { TranslationProvider } from '../../i18n/react';
import { Translator } from '../../i18n/translator';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { ConflictPanel } from './conflict-panel';
import { DateTimeZoneField } from './date-time-zone-field';
import { form as en } from '@jammy/shared/locales/en.json';
import { useForm } from './use-form';

const i18n = new Translator({
  language: 'en',
  resources: { en: { form: en, trip: { titleRequired: 'Give your trip a title.' } } },
});
afterEach(cleanup);

const schema = z.object({
  title: z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters'),
  city: z.string().min(2, 'must be at least 2 characters'),
});
type Values = { title: string; city: string };

function wrap(children: ReactNode) {
  return (
    <TranslationProvider i18n={i18n}>
      <MantineProvider>{children}</MantineProvider>
    </TranslationProvider>
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
    version: 3,
    schema,
    submit,
    ns: 'trip',
    messages: { title: { required: 'titleRequired' } },
  });
  return (
    <form {...form.formProps} data-version={form.version()}>
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
          onUseTheirs={() => form.takeTheirs(form.conflict as Values)}
          onKeepMine={form.keepMine}
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
    const stale = (version: number) =>
      new ApiError(409, 'conflict', 'stale version', {
        current: { title: 'Lisbon by the owner', city: 'Porto', version },
      });
    const submit = vi.fn().mockRejectedValueOnce(stale(4)).mockRejectedValueOnce(stale(5));
    render(wrap(<TripForm submit={submit} />));
    await save();
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Changed meanwhile');
    expect(panel.textContent).toContain('Lisbon by the owner');
    expect(panel.textContent).toContain('Lisbon');
    expect(document.activeElement).toBe(panel);

    fireEvent.click(screen.getByRole('button', { name: en.conflict.useTheirs }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Lisbon by the owner');

    // Saved from then on at their version, whichever way out was taken.
    const form = () => document.querySelector('form')?.dataset.version;
    expect(form()).toBe('4');
    await save();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.conflict.keepMine }));
      await Promise.resolve();
    });
    expect(form()).toBe('5');
    expect(submit).toHaveBeenCalledTimes(3);
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
  it('puts an issue of a field inside a body field on the form field that makes the body field', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'request/invalid', 'split.userIds.0: is not a member', {
          issues: [{ field: 'split.userIds.0', message: 'is not a member of this itinerary' }],
        }),
      ),
    );
    function Split() {
      const form = useForm({
        initialValues: { people: 'ana' },
        schema: z.object({ split: z.object({ userIds: z.array(z.string()).min(1) }) }),
        toBody: (values) => ({ split: { userIds: [values.people] } }),
        fieldsOfBody: { split: 'people' },
        submit,
      });
      return (
        <form {...form.formProps}>
          <TextInput label="People" {...form.field('people')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<Split />));
    await save();
    expect(screen.getByText(en.invalid)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('People'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses the typed text of one part of a field (one person’s shares) on that part', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const people = ['greta', 'hans'];
    function Shares() {
      const form = useForm({
        initialValues: { shares: { greta: '1', hans: 'half' } as Record<string, string> },
        schema: z.object({ shares: z.array(z.number()) }),
        // Hans's "half" does not read.
        unreadable: (values) =>
          values.shares.hans === 'half' ? { 'shares.hans': 'Shares of hans: a whole number.' } : {},
        toBody: (values) => ({ shares: people.map((name) => Number(values.shares[name])) }),
        submit,
      });
      return (
        <form {...form.formProps}>
          {people.map((name) => (
            <TextInput
              key={name}
              label={`Shares of ${name}`}
              value={form.values.shares[name] ?? ''}
              error={form.errorOf(`shares.${name}`)}
              data-field={`shares.${name}`}
              onChange={(event) =>
                form.setValue('shares', { ...form.values.shares, [name]: event.target.value })
              }
            />
          ))}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(wrap(<Shares />));
    await save();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Shares of hans: a whole number.')).toBeTruthy();
    expect(screen.getByLabelText('Shares of greta').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Shares of hans'));

    // A change of the field settles its parts' messages.
    fireEvent.change(screen.getByLabelText('Shares of greta'), { target: { value: '2' } });
    expect(screen.queryByText('Shares of hans: a whole number.')).toBeNull();
  });

  // Its time zone field draws 400 options: seconds in happy-dom on two busy cores.
  it('draws its form at once while the kit’s messages are still loading, never suspending the page', async () => {
    let arrive: () => void = () => undefined;
    const lazy = new Translator({
      language: 'en',
      load: (_language, namespace) =>
        namespace === 'form'
          ? new Promise((resolve) => (arrive = () => resolve(en)))
          : Promise.resolve({}),
    });
    // The page's own messages are there; only the kit's are still on their way.
    await lazy.loadNamespaces(['trip', 'translation']);
    function Fields() {
      const form = useForm({
        initialValues: { at: '', zone: 'Europe/Rome' },
        schema: z.object({ at: z.string() }),
        submit: () => Promise.resolve(),
      });
      return (
        <DateTimeZoneField label="Departure" at={form.field('at')} zone={form.field('zone')} />
      );
    }
    render(
      <TranslationProvider i18n={lazy}>
        <MantineProvider>
          <MemoryRouter>
            <Suspense fallback={<p>Loading the page</p>}>
              <TripForm submit={() => Promise.resolve()} initial={{ title: '', city: 'Porto' }} />
              <Fields />
            </Suspense>
          </MemoryRouter>
        </MantineProvider>
      </TranslationProvider>,
    );
    expect(screen.queryByText('Loading the page')).toBeNull();
    expect(screen.getByLabelText('Title')).toBeTruthy();
    expect(screen.getByLabelText('Departure')).toBeTruthy();

    await act(async () => arrive());
    expect(screen.getByText('Time zone (Departure)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'P' } });
    await save();
    expect(screen.getByText('This is too short: at least 2 characters.')).toBeTruthy();
  }, 20_000);
});
