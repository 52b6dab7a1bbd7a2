/** Rows created optimistically carry a temporary id until the server answers. */
export function isSaved(id: string): boolean {
  return !id.startsWith('temp-');
}
