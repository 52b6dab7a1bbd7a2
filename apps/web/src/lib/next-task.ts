/**
 * Resolves in a task of its own, after the browser has had the chance to paint and to handle
 * input: for splitting work that would otherwise be one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
