import { SESSION_REFRESH_BEFORE_EXPIRY_MS } from '@jammy/shared/constants';

// Timers longer than this overflow in browsers; a day is plenty between checks.
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/** When to check the session next: 5 minutes before it expires, at least a minute from now. */
export function nextRefreshDelay(expiresAt: number, now: number): number {
  const due = expiresAt - now - SESSION_REFRESH_BEFORE_EXPIRY_MS;
  return Math.min(Math.max(due, 60_000), MAX_TIMER_MS);
}
