import { UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';

// The dialog (Mantine's modal, inputs, the offline settings) loads when first opened: it is
// not part of a page's first load.
const loadDialog = () => import('./about-app-dialog');
const AboutAppDialog = lazy(async () => ({ default: (await loadDialog()).AboutAppDialog }));

/** The "About this app" link of the footer, and its dialog once asked for. */
export function AboutApp({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog mounts already open the first time (once its code has loaded), so Mantine has
  // no element to give the focus back to: the button takes it back itself.
  const closeDialog = () => {
    close();
    button.current?.focus();
  };
  return (
    <>
      {/* The prerendered landing page starts the app on a click here, then opens the dialog. */}
      <UnstyledButton
        ref={button}
        className={className}
        data-about-app=""
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setAsked(true);
          open();
        }}
      >
        {t('pwa.about.open')}
      </UnstyledButton>
      {asked ? (
        <Suspense fallback={null}>
          <AboutAppDialog opened={opened} onClose={closeDialog} />
        </Suspense>
      ) : null}
    </>
  );
}
