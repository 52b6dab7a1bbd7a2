import { get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { savedUser } from './offline-cache';
import {
  resendFromTheirs,
  versionOf,
  type OutboxEntry,
  type OutboxProblem,
  type ReplayStop,
} from './outbox-core';
import type * as PendingChanges from './pending-changes';

/**
 * The outbox of offline edits: writes made while the server cannot be reached wait here, in
 * IndexedDB (idb-keyval) under a key per traveller, and are sent again in order when it
 * answers, each with the Idempotency-Key it was given when queued.
 */

const storageKey = (userId: string) => `jammy:outbox:${userId}`;

let entries: OutboxEntry[] = [];
let loadedFor: string | null = null;
const listeners = new Set<() => void>();
let savedListener: ((entry: OutboxEntry) => void) | undefined;

function notify() {
  for (const listener of listeners) listener();
}

async function persist(): Promise<void> {
  const userId = loadedFor ?? savedUser();
  if (userId) await set(storageKey(userId), entries);
}

/** Reads the traveller's queue from IndexedDB (once per traveller). */
export async function loadOutbox(userId: string | null = savedUser()): Promise<void> {
  if (!userId || loadedFor === userId) return;
  const stored = (await get<OutboxEntry[]>(storageKey(userId)).catch(() => undefined)) ?? [];
  loadedFor = userId;
  // Entries queued before the load (same traveller) go after the stored ones.
  entries = [
    ...stored,
    ...entries.filter((entry) => !stored.some((s) => s.idempotencyKey === entry.idempotencyKey)),
  ];
  notify();
}

export function outboxEntries(): readonly OutboxEntry[] {
  return entries;
}

export async function enqueue(write: {
  method: string;
  path: string;
  body: unknown;
  itineraryId: string | null;
}): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    idempotencyKey: crypto.randomUUID(),
    method: write.method,
    path: write.path,
    body: write.body,
    baseVersion: versionOf(write.body),
    itineraryId: write.itineraryId,
    queuedAt: Date.now(),
  };
  entries = [...entries, entry];
  notify();
  await persist();
  return entry;
}

async function remove(entry: OutboxEntry): Promise<void> {
  entries = entries.filter((e) => e.idempotencyKey !== entry.idempotencyKey);
  notify();
  await persist();
}

async function mark(entry: OutboxEntry, problem: OutboxProblem): Promise<void> {
  entries = entries.map((e) => (e.idempotencyKey === entry.idempotencyKey ? { ...e, problem } : e));
  notify();
  await persist();
}

/** Drops an entry (discard, or "keep theirs"): never done without the traveller asking. */
export function discardEntry(entry: OutboxEntry): Promise<void> {
  return remove(entry);
}

/** "Keep mine": the entry goes again, from the server's current version, under a new key. */
export async function keepMine(entry: OutboxEntry): Promise<void> {
  const next = resendFromTheirs(entry, crypto.randomUUID());
  entries = entries.map((e) => (e.idempotencyKey === entry.idempotencyKey ? next : e));
  notify();
  await persist();
}

/** Another traveller signs in here: the previous one's queue stays stored, not in memory. */
export function forgetLoadedOutbox(): void {
  entries = [];
  loadedFor = null;
  notify();
}

/** Empties the queue (sign-out, after a warning when it was not empty). */
export async function clearOutbox(): Promise<void> {
  const userId = loadedFor ?? savedUser();
  entries = [];
  loadedFor = null;
  notify();
  if (userId) await set(storageKey(userId), []).catch(() => undefined);
}

const RETRY_MS = 5000;
let running: Promise<ReplayStop> | null = null;

/**
 * Sends the queue now (one run at a time). The sending code loads with the first run: only a
 * traveller with edits waiting needs it (outbox-replay.ts).
 */
export function replayOutbox(): Promise<ReplayStop> {
  running ??= import('./outbox-replay')
    .then(({ replay }) =>
      replay({ first: () => entries[0], remove, mark, saved: (entry) => savedListener?.(entry) }),
    )
    .then((stop) => {
      // A busy server (5xx, 429, a replay still in progress) is asked again a little later.
      if (stop === 'server') setTimeout(() => void replayOutbox(), RETRY_MS);
      return stop;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** Called after each entry the server saved (to refresh what it changed). */
export function onOutboxSaved(listener: (entry: OutboxEntry) => void): void {
  savedListener = listener;
}

/**
 * `answer` (a read of the server) with the edits waiting in the outbox laid over it by
 * `overlay`. Their code (pending-changes.ts) loads only when edits are waiting.
 */
export async function withOutbox<T>(
  answer: T,
  overlay: (pending: typeof PendingChanges, waiting: readonly OutboxEntry[]) => T,
): Promise<T> {
  if (entries.length === 0) return answer;
  return overlay(await import('./pending-changes'), entries);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutbox(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribe, outboxEntries, outboxEntries);
}
