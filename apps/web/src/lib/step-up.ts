import { ApiError } from './api-client';

// The operations that need a recent sign-in (deleting the account, changing the e-mail
// address, creating an API token, making a share link, refunding an order) answer 403
// `auth/step-up-required` when the last one is over 10 minutes old. `withStepUp` then asks
// for the password or a code (the host in the signed-in layout shows the dialog) and, once
// the server took it, sends the operation again.

type Answer = (proved: boolean) => void;
type Listener = (pending: Answer | null) => void;

let listener: Listener | null = null;

/** The dialog's host listens here (one at a time: the signed-in layout's). */
export function onStepUpRequest(next: Listener | null): void {
  listener = next;
}

/** Asks the traveller to prove who they are; whether they did. */
function askStepUp(): Promise<boolean> {
  const show = listener;
  if (!show) return Promise.resolve(false);
  return new Promise((resolve) =>
    show((proved) => {
      show(null);
      resolve(proved);
    }),
  );
}

/** Whether a request was refused for want of a recent sign-in. */
export function isStepUpRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'auth/step-up-required';
}

/**
 * Runs `run`; refused for want of a recent sign-in, asks for the password or a code and runs
 * it once more. Given up (the dialog closed), the first refusal is what it throws.
 */
export async function withStepUp<T>(
  run: () => Promise<T>,
  refused: (error: unknown) => boolean = isStepUpRefusal,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!refused(error) || !(await askStepUp())) throw error;
    return run();
  }
}
