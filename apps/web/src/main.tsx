import './lib/mantine-styles';
import './lib/global.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TranslationProvider } from './i18n/react';
import { RouterProvider } from 'react-router/dom';
import { takeSessionFromPage } from './lib/session';
import { i18n } from './i18n/i18n';
import { isServerReachable, subscribeReachability } from './lib/connectivity';
import { prepareDateFormats } from './lib/intl';
import { restoreOfflineCache, startSavingOfflineCache } from './lib/offline-cache';
import { loadOutbox, onOutboxSaved, outboxEntries, replayOutbox } from './lib/outbox';
import { nextTask } from './lib/next-task';
import { theme } from './lib/theme';
import { registerWorkerAfterLoad, startPwa } from './pwa/pwa-store';
import { createRouter } from './router';

registerWorkerAfterLoad();
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1 } },
});
startSavingOfflineCache(queryClient);
// Without a connection the saved copy of the traveller's trips is read before the first page;
// online it is read only if the server stops answering.
if (!navigator.onLine) await restoreOfflineCache(queryClient);
else takeSessionFromPage(queryClient);
// The outbox of offline edits: read at start, sent whenever the server answers again.
await loadOutbox();
onOutboxSaved((entry) => {
  void queryClient.invalidateQueries({
    queryKey: entry.itineraryId ? ['itineraries', 'tree', entry.itineraryId] : ['itineraries'],
  });
  if (entry.itineraryId) {
    void queryClient.invalidateQueries({ queryKey: ['itineraries', 'notes', entry.itineraryId] });
    void queryClient.invalidateQueries({
      queryKey: ['itineraries', 'trip-lists', entry.itineraryId],
    });
  }
  void queryClient.invalidateQueries({ queryKey: ['itineraries', 'list'] });
});
const replayWhenReachable = () => {
  if (isServerReachable() && outboxEntries().length > 0) void replayOutbox();
};
subscribeReachability(() => {
  if (!isServerReachable()) void restoreOfflineCache(queryClient);
  replayWhenReachable();
});
replayWhenReachable();
// The app starts in three tasks rather than one: the browser may paint, or answer a tap,
// between reading the saved state, starting the router (and the first page's loaders), and
// the first render. On a slow phone each part is a long task of its own already.
await nextTask();
const router = createRouter(queryClient);
await nextTask();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const reactRoot = createRoot(root);
// The first render as a transition: React draws it in slices of a few milliseconds.
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <TranslationProvider i18n={i18n}>
        <DirectionProvider
          initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}
        >
          <MantineProvider theme={theme} defaultColorScheme="light">
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </MantineProvider>
        </DirectionProvider>
      </TranslationProvider>
    </StrictMode>,
  );
});
// Each in a task of its own while the first page's data is on its way: the first date
// formatter (the language's calendar data), then the installable app's checks.
void nextTask()
  .then(() => prepareDateFormats(document.documentElement.lang))
  .then(nextTask)
  .then(startPwa);
