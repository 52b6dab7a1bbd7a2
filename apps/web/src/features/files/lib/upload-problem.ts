import { isRetryableStatus, STORAGE_MESSAGES } from '@jammy/shared/storage-plain';
import { ApiError } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';
import { StorageError } from './storage-error';

/** Why an upload (or the save after it) failed, as the traveller is told. */
export interface UploadProblem {
  /** The `files` translation key that says why, and what to do. */
  key: string;
  /** What the message names (sizes, formatted for the language). */
  values: Record<string, string>;
  /** Whether sending it again can help: only when no answer came, or a 5xx, 408 or 429. */
  retryable: boolean;
}

/** The `details` of a storage answer, as far as the app reads them. */
interface Details {
  reason?: unknown;
  kind?: unknown;
  limitBytes?: unknown;
}

const TOO_BIG_KEYS: Record<string, string> = {
  image: 'upload.tooBigPhoto',
  document: 'upload.tooBigDocument',
  file: 'upload.tooBigFile',
};

const MB = 1024 * 1024;

/** A size that does not break between its number and its unit (a line may end in between). */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** A file's size and its limit, told apart ("25 MB; the limit is 25 MB" would say nothing). */
function sizes(size: number, limit: number, language: string): Record<string, string> {
  let shown = { size: formatBytes(size, language), limit: formatBytes(limit, language) };
  if (shown.size === shown.limit) {
    const megabytes = numberFormat(language, {
      style: 'unit',
      unit: 'megabyte',
      unitDisplay: 'short',
      maximumFractionDigits: 2,
    });
    // Rounded up: the size is above the limit, and must not show as equal to it.
    shown = {
      size: megabytes.format(Math.ceil((size / MB) * 100) / 100),
      limit: megabytes.format(limit / MB),
    };
  }
  return { size: unbroken(shown.size), limit: unbroken(shown.limit) };
}

function detailsOf(error: StorageError | ApiError): Details {
  return typeof error.details === 'object' && error.details !== null ? error.details : {};
}

/**
 * What to tell about a failed upload: a file above its limit names its size and the limit,
 * an empty or unsuitable file says so, and every storage code has its own message; "Try
 * again" only where another try may go through (a retry the storage client ran out of
 * counts: it only retries those).
 */
export function uploadProblem(
  error: unknown,
  options: { kind: 'photo' | 'file'; fileSize?: number; language: string },
): UploadProblem {
  const known = error instanceof StorageError || error instanceof ApiError;
  const status = known ? error.status : -1;
  const answer = (key: string, values: Record<string, string> = {}): UploadProblem => ({
    key,
    values,
    retryable: status === 0 || isRetryableStatus(status),
  });
  if (!known) return answer('upload.failed');
  const code = error.code;
  if (code === 'storage/canceled') return { key: 'upload.canceled', values: {}, retryable: false };
  const details = detailsOf(error);
  if (code === 'storage/quota-exceeded' || status === 402) {
    const tooBig = TOO_BIG_KEYS[String(details.kind)];
    if (
      details.reason === 'file-too-large' &&
      tooBig &&
      typeof details.limitBytes === 'number' &&
      options.fileSize !== undefined
    ) {
      return answer(tooBig, sizes(options.fileSize, details.limitBytes, options.language));
    }
    return answer('upload.quota');
  }
  if (details.reason === 'empty') return answer('upload.empty');
  if (status === 415)
    return answer(options.kind === 'photo' ? 'upload.notPhoto' : 'upload.wrongType');
  if (code === 'storage/retry-limit-exceeded') return answer('upload.retryLimit');
  if (status === 0) return answer('upload.offline');
  if (status === 403) return answer('upload.forbidden');
  const name = code.startsWith('storage/') ? code.slice('storage/'.length) : '';
  if (name in STORAGE_MESSAGES && name !== 'unknown') return answer(`storage.${name}`);
  if (status === 401) return answer('storage.unauthenticated');
  return answer(isRetryableStatus(status) ? 'upload.failed' : 'storage.unknown');
}
