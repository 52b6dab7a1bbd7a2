import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How to start afresh each lazy component whose code failed to load. */
const failed = new Set<() => void>();

/**
 * A lazy component whose code may fail to load (offline, before the worker has kept it) and be
 * tried again. React's `lazy` keeps a failed import for good; this one stays failed (its error
 * reaches the nearest error boundary, which decides what shows meanwhile) until
 * `retryFailedLoads()` is called, and the next render then starts a new import. (Starting it at
 * once would suspend again instead of failing: without a connection, for ever.)
 */
export function lazyRetrying<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const attempt = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failed.add(() => {
          current = attempt();
        });
        throw error;
      }
    });
  let current = attempt();
  function Retrying(props: Props) {
    return createElement(current as ComponentType<Props>, props);
  }
  return Retrying;
}

/** The next render of each lazy component whose code failed to load tries again. */
export function retryFailedLoads(): void {
  for (const restart of failed) restart();
  failed.clear();
}
