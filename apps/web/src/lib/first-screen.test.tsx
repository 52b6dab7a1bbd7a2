// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFirstScreen } from './first-screen';

afterEach(cleanup);

function List({ items }: { items: string[] }) {
  const drawn = useFirstScreen(items.length, 3);
  return (
    <ul>
      {items.slice(0, drawn).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const names = (count: number) => Array.from({ length: count }, (_, index) => `Trip ${index + 1}`);

describe('a list drawn first screen first', () => {
  it('draws the first items, then the whole list once they have been drawn', async () => {
    render(<List items={names(8)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(8));
  });

  it('draws a short list whole, and stays whole when it grows', async () => {
    const { rerender } = render(<List items={names(2)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(<List items={names(6)} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    await act(async () => rerender(<List items={names(10)} />));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });
});
