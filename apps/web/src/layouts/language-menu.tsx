import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { usePrerendered } from '../landing/prerendered';
import { whenPageIdle } from '../lib/when-page-idle';
import { LanguageButton } from './language-button';

const loadDropdown = () => import('./language-menu-dropdown');
const LanguageMenuDropdown = lazy(async () => ({
  default: (await loadDropdown()).LanguageMenuDropdown,
}));

/**
 * Switches the language of the current page (and remembers the choice). The page shows the
 * button at once; the menu (and Mantine's positioning code) loads when the browser is idle,
 * or as soon as the visitor reaches for the button, so it is not part of the first load.
 */
export function LanguageMenu() {
  const prerendered = usePrerendered();
  return prerendered ? <prerendered.LanguageMenu /> : <LoadingLanguageMenu />;
}

function LoadingLanguageMenu() {
  const [load, setLoad] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);

  // In a transition: the bare button stays (with its focus) until the menu is ready to
  // replace it, instead of a fallback copy taking its place.
  const loadMenu = () => startTransition(() => setLoad(true));
  useEffect(() => whenPageIdle(() => startTransition(() => setLoad(true))), []);

  const button = (
    <LanguageButton
      aria-expanded={false}
      onPointerEnter={loadMenu}
      onFocus={() => {
        setFocused(true);
        loadMenu();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenAtOnce(true);
        loadMenu();
      }}
    />
  );
  return (
    <Suspense fallback={button}>
      {load ? <LanguageMenuDropdown defaultOpened={openAtOnce} takeFocus={focused} /> : button}
    </Suspense>
  );
}
