import type { Itinerary } from '@jammy/shared/itineraries';
import { LoadOnReach } from '../../../components/load-on-reach';
import { lazyRetrying } from '../../../lib/lazy-retrying';
import { ExportButton } from './export-button';

// The menu (Mantine's menu and its positioning code) is not part of the trip page's first load.
const ExportMenuDropdown = lazyRetrying(
  async () => (await import('./export-menu-dropdown')).ExportMenuDropdown,
);

/**
 * The itinerary's "Export" menu: downloads (calendar, GPX, GeoJSON, JSON), the private
 * calendar feed to subscribe to, and the printable view. Its button shows at once; the menu
 * loads when the page is idle, or as soon as the traveller reaches for the button.
 */
export function ExportMenu({ itinerary }: { itinerary: Itinerary }) {
  return (
    <LoadOnReach
      button={(handlers) => <ExportButton {...handlers} />}
      control={(reached) => <ExportMenuDropdown itinerary={itinerary} {...reached} />}
    />
  );
}
