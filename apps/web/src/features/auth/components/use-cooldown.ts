import { useCallback, useEffect, useState } from 'react';

/**
 * A wait before something may be done again (sending another e-mail or code): `remaining`
 * whole seconds, 0 when it may. `startActive` begins waiting at once (something was just sent).
 */
export function useCooldown(seconds: number, startActive = false) {
  const [until, setUntil] = useState<number | null>(() =>
    startActive ? Date.now() + seconds * 1000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { remaining, start };
}
