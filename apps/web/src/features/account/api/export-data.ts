import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { problemFromApi } from './problem';

/**
 * Fetches GET /api/me/export and hands it to the browser as a JSON file download;
 * answers the file's name.
 */
export async function exportData(): Promise<string> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>('/api/me/export');
  } catch (error) {
    throw problemFromApi(error);
  }
  const fileName = `jammy-export-${new Date().toISOString().slice(0, 10)}.json`;
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
