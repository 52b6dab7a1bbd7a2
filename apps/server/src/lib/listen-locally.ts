import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a local stand-in for an outside service (a geocoder, a router) on a free port of
 * 127.0.0.1: its base address, and how to stop it, clearing the answers it still holds back.
 */
export async function listenLocally(server: Server, timers: Set<NodeJS.Timeout>) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
