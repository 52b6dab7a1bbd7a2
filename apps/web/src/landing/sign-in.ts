import { DEFAULT_LANGUAGE, isLanguage, splitLanguagePrefix } from '@jammy/shared/languages';
import type { SchemaFieldError } from '../components/form/field-error';
import type { AuthFailure } from '../features/auth/lib/auth-errors';
import {
  DEFAULT_AFTER_SIGN_UP,
  authPath,
  redirectTarget,
} from '../features/auth/lib/auth-redirect';
import { retryWhen } from '../lib/intl';
import { APP_STARTING_EVENT } from './app-starting';
import {
  SIGN_IN_MESSAGES_ID,
  fillIn,
  type SignInMessages,
  type SignInTemplate,
} from './sign-in-page';
import type { SignInField } from './sign-in-actions';

/**
 * The script of the prerendered sign-in page (decision 054), beside the landing's enhance.ts:
 * the e-mail and password sign-in, the confirmation e-mail sent again, the passkey button and
 * the passkeys offered in the e-mail field's suggestions, each as the app's page does them
 * (its code, loaded from sign-in-actions.ts when first needed), each failure shown in the
 * app's alert with the language's words the page carries. Once signed in, the page the app
 * would open: the second step's page, completing the profile, or where the visitor was going.
 */

const language = isLanguage(document.documentElement.lang)
  ? document.documentElement.lang
  : DEFAULT_LANGUAGE;
const redirect = new URLSearchParams(window.location.search).get('redirect');
const messages = JSON.parse(
  document.getElementById(SIGN_IN_MESSAGES_ID)?.textContent ?? 'null',
) as SignInMessages;
const actions = () => import('./sign-in-actions');

/** A copy of the markup the page carries for `name`. */
function fromTemplate(name: SignInTemplate): HTMLElement {
  const template = document.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
  const element = template?.content.querySelector<HTMLElement>('[class]');
  if (!element) throw new Error(`The page has no template ${name}`);
  return element.cloneNode(true) as HTMLElement;
}

// The sign-in pages' links keep the `redirect` the page was opened with, as the app's do.
if (redirect) {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-auth-card] a[href]')) {
    if (link.origin !== window.location.origin) continue;
    link.href = authPath(splitLanguagePrefix(link.pathname).path, language, redirect);
  }
}

/** A button busy (disabled, with Mantine's loader) while its request runs, or not. */
function setBusy(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  button.toggleAttribute('data-loading', busy);
  button.toggleAttribute('data-disabled', busy);
  button.querySelector(':scope > .mantine-Button-loader')?.remove();
  const loader = fromTemplate('busy').querySelector('.mantine-Button-loader');
  if (busy && loader) button.prepend(loader);
}

/** A failure's words in the page's language. */
function failureMessage(failure: AuthFailure): string {
  const seconds = failure.options.retryAfterSeconds;
  const text = messages.errors[failure.key] ?? messages.errors['errors.unknown'] ?? '';
  return fillIn(text, {
    ...failure.options.values,
    when: seconds === undefined ? '' : retryWhen(seconds, language),
  });
}

/** An alert or notice made from its template, with `text`. */
function announcement(name: 'alert' | 'notice', text: string, code?: string): HTMLElement {
  const element = fromTemplate(name);
  const message = element.querySelector('[data-message]');
  if (message) message.textContent = text;
  if (code) element.dataset.code = code;
  return element;
}

/**
 * A place in a Stack for alerts, where the app's page draws them: its children are laid out as
 * the Stack's own (`display: contents`).
 */
function alertSlot(before: Element | null | undefined): HTMLElement {
  const slot = document.createElement('div');
  slot.style.display = 'contents';
  before?.before(slot);
  return slot;
}

/** The elements of a field the template marks as having a problem, the outermost first. */
function fieldParts(input: Element): (Element | null)[] {
  return [
    input.closest('.mantine-InputWrapper-root'),
    input.closest('.mantine-Input-wrapper'),
    input,
  ];
}
const MARKS = ['data-error', 'aria-invalid'];

/** Marks a field as the app's form does: its problem under it, read with the field. */
function showFieldProblem(input: HTMLInputElement, text: string): void {
  const template = fromTemplate('fieldError');
  const templateInput = template.querySelector('input');
  const problem = template.querySelector<HTMLElement>('.mantine-InputWrapper-error');
  if (!templateInput || !problem) return;
  const marked = fieldParts(templateInput);
  fieldParts(input).forEach((part, index) => {
    for (const name of MARKS) {
      const value = marked[index]?.getAttribute(name);
      if (value !== null && value !== undefined) part?.setAttribute(name, value);
    }
  });
  problem.id = `${input.id}-error`;
  problem.textContent = text;
  input.dataset.describedBy = input.getAttribute('aria-describedby') ?? '';
  input.setAttribute('aria-describedby', `${problem.id} ${input.dataset.describedBy}`.trim());
  input.closest('.mantine-InputWrapper-root')?.append(problem);
}

function clearFieldProblem(input: HTMLInputElement): void {
  const problem = document.getElementById(`${input.id}-error`);
  if (!problem) return;
  problem.remove();
  for (const part of fieldParts(input)) for (const name of MARKS) part?.removeAttribute(name);
  const describedBy = input.dataset.describedBy;
  if (describedBy) input.setAttribute('aria-describedby', describedBy);
  else input.removeAttribute('aria-describedby');
  delete input.dataset.describedBy;
}

/** The page the app opens once signed in (`answer`: the first step's, when it was one). */
async function completeSignIn(answer?: unknown): Promise<void> {
  if (typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer) {
    window.location.assign(authPath('/login/second-factor', language, redirect));
    return;
  }
  const me = await (await actions()).signedInTraveller();
  window.location.replace(
    me && !me.profileComplete
      ? authPath('/finish-register', language, redirect)
      : redirectTarget(redirect, language),
  );
}

const form = document.querySelector<HTMLFormElement>('[data-auth-card] form');
if (form) enhanceForm(form);

function enhanceForm(form: HTMLFormElement): void {
  const field = (name: SignInField) =>
    form.querySelector<HTMLInputElement>(`input[data-field="${name}"]`);
  const email = field('email');
  const password = field('password');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!email || !password || !submit) return;
  const inputs = { email, password };
  showPasswordToggle(password);
  const alerts = alertSlot(form.firstElementChild?.firstElementChild);
  let submitting = false;

  // The identity client is fetched once the visitor starts on the form, as the app's does.
  form.addEventListener('focusin', () => void actions().then((loaded) => loaded.preload()), {
    once: true,
  });
  for (const input of [email, password]) {
    input.addEventListener('input', () => clearFieldProblem(input));
  }

  const showFailure = (failure: AuthFailure) => {
    const onField = failure.field === 'email' || failure.field === 'password';
    if (onField) {
      const input = inputs[failure.field as SignInField];
      showFieldProblem(input, failureMessage(failure));
      input.focus();
      return;
    }
    const alert = announcement('alert', failureMessage(failure), failure.code);
    alerts.append(alert);
    if (failure.code === 'EMAIL_NOT_VERIFIED') offerResend(alert, email.value.trim());
  };

  // An address not yet confirmed: a button to send the confirmation e-mail again.
  const offerResend = (alert: HTMLElement, address: string) => {
    const button = fromTemplate('resend') as HTMLButtonElement;
    alert.querySelector('[data-message]')?.after(button);
    button.addEventListener('click', () => {
      void (async () => {
        alerts.querySelectorAll('[data-resend-failure]').forEach((element) => element.remove());
        setBusy(button, true);
        const loaded = await actions();
        try {
          await loaded.resendVerification(
            address,
            redirectTarget(redirect, language, DEFAULT_AFTER_SIGN_UP),
          );
          button.remove();
          const isolated = `\u2066${address}\u2069`;
          alerts.append(
            announcement('notice', fillIn(messages.verificationSent, { email: isolated })),
          );
        } catch (error) {
          setBusy(button, false);
          const failure = loaded.toAuthFailure(error);
          const shown = announcement('alert', failureMessage(failure), failure.code);
          shown.dataset.resendFailure = '';
          alerts.append(shown);
        }
      })();
    });
  };

  const showProblems = (problems: Partial<Record<SignInField, SchemaFieldError>>) => {
    const fields = Object.keys(problems) as SignInField[];
    for (const name of fields) {
      const problem = problems[name];
      if (!problem || problem.kind === 'custom') continue;
      const text = messages.fields[name]?.[problem.kind] ?? '';
      showFieldProblem(inputs[name], fillIn(text, { min: problem.min, max: problem.max }));
    }
    // The first invalid field, in the page's order, takes the focus.
    (fields.includes('email') ? email : password).focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submitting) return;
    submitting = true;
    alerts.replaceChildren();
    setBusy(submit, true);
    void (async () => {
      const loaded = await actions();
      const values = { email: email.value, password: password.value };
      try {
        const problems = await loaded.problemsOf(values);
        if (problems && Object.keys(problems).length > 0) {
          for (const input of [email, password]) clearFieldProblem(input);
          showProblems(problems);
        } else if (problems) {
          showFailure(loaded.toAuthFailure(null));
        } else {
          for (const input of [email, password]) clearFieldProblem(input);
          await completeSignIn(await loaded.signInWithPassword(values));
          return;
        }
      } catch (error) {
        showFailure(loaded.toAuthFailure(error));
      }
      submitting = false;
      setBusy(submit, false);
    })();
  });
}

/** The password field's show/hide toggle, as Mantine's: the type, `aria-pressed`, the icon. */
function showPasswordToggle(input: HTMLInputElement): void {
  const toggle = input
    .closest('.mantine-InputWrapper-root')
    ?.querySelector<HTMLButtonElement>('.mantine-PasswordInput-visibilityToggle');
  const hiddenIcon = toggle?.querySelector('svg');
  const shownIcon = fromTemplate('passwordShown').querySelector(
    '.mantine-PasswordInput-visibilityToggle svg',
  );
  if (!toggle || !hiddenIcon || !shownIcon) return;
  toggle.addEventListener('click', () => {
    const shown = input.type === 'password';
    input.type = shown ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(shown));
    toggle.querySelector('svg')?.replaceWith(shown ? shownIcon : hiddenIcon);
  });
}

const passkey = document.querySelector<HTMLElement>('[data-passkey-sign-in]');
if (passkey) enhancePasskey(passkey);

/** "Sign in with a passkey", and the passkeys offered in the e-mail field's suggestions. */
function enhancePasskey(block: HTMLElement): void {
  const button = block.querySelector<HTMLButtonElement>('button');
  // A browser without passkeys is not offered them, as in the app.
  if (!button || typeof window.PublicKeyCredential !== 'function') {
    block.remove();
    return;
  }
  const alerts = alertSlot(button);
  const fail = (failure: AuthFailure) =>
    alerts.replaceChildren(announcement('alert', failureMessage(failure), failure.code));

  button.addEventListener('click', () => {
    void (async () => {
      alerts.replaceChildren();
      setBusy(button, true);
      const loaded = await actions();
      try {
        await loaded.signInWithPasskey(false);
        await completeSignIn();
      } catch (error) {
        fail(loaded.toAuthFailure(error));
        setBusy(button, false);
      }
    })();
  });

  const offerInFields = async () => {
    const loaded = await actions();
    if (!(await loaded.browserOffersPasskeysInFields())) return;
    try {
      await loaded.signInWithPasskey(true);
      await completeSignIn();
    } catch (error) {
      // A suggestion never picked, or a request replaced by the button's, says nothing.
      const failure = loaded.toAuthFailure(error);
      if (failure.code !== loaded.PASSKEY_CANCELLED) fail(failure);
    }
  };
  // The app, started for "About this app", makes its own request: this one ends.
  document.addEventListener(
    APP_STARTING_EVENT,
    () => void actions().then((loaded) => loaded.cancelPasskeyRequest()),
    { once: true },
  );
  if (document.readyState === 'complete') void offerInFields();
  else window.addEventListener('load', () => void offerInFields(), { once: true });
}
