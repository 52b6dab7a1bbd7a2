import { LoadOnReach } from '../components/load-on-reach';
import { lazyRetrying } from '../lib/lazy-retrying';
import { usePrerendered } from '../landing/prerendered';
import { LanguageButton } from './language-button';

const LanguageMenuDropdown = lazyRetrying(
  async () => (await import('./language-menu-dropdown')).LanguageMenuDropdown,
);

/**
 * Switches the language of the current page (and remembers the choice). The page shows the
 * button at once; the menu (and Mantine's positioning code) loads when the browser is idle,
 * or as soon as the visitor reaches for the button, so it is not part of the first load.
 */
export function LanguageMenu() {
  const prerendered = usePrerendered();
  return prerendered ? (
    <prerendered.LanguageMenu />
  ) : (
    <LoadOnReach
      button={(handlers) => <LanguageButton {...handlers} />}
      control={(reached) => <LanguageMenuDropdown {...reached} />}
    />
  );
}
