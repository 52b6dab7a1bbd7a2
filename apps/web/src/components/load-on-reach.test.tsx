// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRetrying } from '../lib/lazy-retrying';
import { LoadOnReach, type Reached } from './load-on-reach';

afterEach(cleanup);

function Loaded({ defaultOpened }: Reached) {
  return <button type="button">{defaultOpened ? 'menu, open' : 'menu'}</button>;
}

/** A control whose code cannot be loaded while `network.up` is false. */
function controlOf(network: { up: boolean }) {
  const load = vi.fn(async () => {
    if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
    return Loaded;
  });
  return { load, Control: lazyRetrying(load) };
}

function Page({ Control }: { Control: ComponentType<Reached> }) {
  return (
    <LoadOnReach
      button={(handlers) => (
        <button type="button" {...handlers}>
          bare
        </button>
      )}
      control={(reached) => <Control {...reached} />}
    />
  );
}

describe('a control loaded on reach', () => {
  it('replaces the bare button, open, when the visitor presses it', async () => {
    const { Control } = controlOf({ up: true });
    render(<Page Control={Control} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'bare' })));
    expect(await screen.findByRole('button', { name: 'menu, open' })).toBeTruthy();
  });

  it('keeps the bare button when its code cannot be loaded, and tries again when reached', async () => {
    const network = { up: false };
    const { Control, load } = controlOf(network);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page Control={Control} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'bare' })));
    await act(async () => {});
    expect(load).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'bare' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /menu/ })).toBeNull();

    network.up = true;
    const tries = load.mock.calls.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'bare' })));
    expect(await screen.findByRole('button', { name: 'menu, open' })).toBeTruthy();
    expect(load.mock.calls.length).toBeGreaterThan(tries);
  });
});
