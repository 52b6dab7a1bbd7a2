import { Suspense, useEffect, useState } from 'react';
import { lazyRetrying } from '../../lib/lazy-retrying';
import { onStepUpRequest } from '../../lib/step-up';

// The dialog is only loaded when an operation asks for it (and needs the server anyway).
const StepUpModal = lazyRetrying(async () => (await import('./step-up-modal')).StepUpModal);

/** Shows the step-up dialog when an operation asks for a recent sign-in (lib/step-up.ts). */
export function StepUpHost() {
  const [answer, setAnswer] = useState<((proved: boolean) => void) | null>(null);
  useEffect(() => {
    onStepUpRequest((next) => setAnswer(() => next));
    return () => onStepUpRequest(null);
  }, []);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <StepUpModal onDone={answer} />
    </Suspense>
  );
}
