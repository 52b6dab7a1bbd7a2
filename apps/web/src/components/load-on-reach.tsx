import {
  Component,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { retryFailedLoads } from '../lib/lazy-retrying';
import { whenPageIdle } from '../lib/when-page-idle';

/** What the bare button of a control loaded on reach carries. */
export interface ReachHandlers {
  'aria-expanded': false;
  onPointerEnter: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
}

/** How the loaded control takes the bare button's place. */
export interface Reached {
  /** The visitor pressed the bare button: open at once. */
  defaultOpened: boolean;
  /** The bare button had the focus: the control's button takes it. */
  takeFocus: boolean;
}

/**
 * A control whose code is not part of a page's first load (a menu: Mantine's menu, popover
 * and positioning code, some 18 kB of gzip JavaScript): the page shows its bare button at
 * once (`button`), and the control (`control`, a lazy component) replaces it when the browser
 * is idle after the page has shown, or as soon as the visitor reaches for the button (points
 * at it, focuses it, presses it), open and focused if they did. When the control's code cannot
 * be loaded (offline, before the worker has kept it), the bare button stays, and reaching for
 * it again tries again (make `control` with lazyRetrying): never an error page.
 */
export function LoadOnReach({
  button,
  control,
}: {
  button: (handlers: ReachHandlers) => ReactNode;
  control: (reached: Reached) => ReactNode;
}) {
  const [load, setLoad] = useState(false);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);
  // Each failed load counts one: the boundary below starts afresh on the next try.
  const [failures, setFailures] = useState(0);
  const [failed, setFailed] = useState(false);

  // In a transition: the bare button stays (with its focus) until the control is ready to
  // replace it, instead of a fallback copy taking its place.
  const loadControl = () =>
    startTransition(() => {
      if (failed) retryFailedLoads();
      setFailed(false);
      setLoad(true);
    });
  useEffect(() => whenPageIdle(() => startTransition(() => setLoad(true))), []);

  const bare = button({
    'aria-expanded': false,
    onPointerEnter: loadControl,
    onFocus: () => {
      setFocused(true);
      loadControl();
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setOpenAtOnce(true);
      loadControl();
    },
  });
  if (failed) return bare;
  return (
    <NotLoaded
      key={failures}
      fallback={bare}
      onFailure={() => {
        setFailures((count) => count + 1);
        setFailed(true);
      }}
    >
      <Suspense fallback={bare}>
        {load ? control({ defaultOpened: openAtOnce, takeFocus: focused }) : bare}
      </Suspense>
    </NotLoaded>
  );
}

/** Tells its owner that the control's code failed to load, and shows the bare button meanwhile. */
class NotLoaded extends Component<
  { fallback: ReactNode; onFailure: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The ref of the loaded control's button: it takes the focus if the bare button had it, once,
 * when it replaces it (later changes leave the focus where it is). In the commit that removes
 * the bare button, not after the paint: in between, the focus would be on the page's body, and
 * a key pressed then (Enter, the moment the visitor reached the button) would open nothing.
 */
export function useTakeFocus(takeFocus: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (takeFocus) target.current?.focus();
    // Only when it replaces the bare button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return target;
}
