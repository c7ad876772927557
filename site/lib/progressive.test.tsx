import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './progressive.ts';

function List({ total }: { total: number }) {
  const shown = useProgressiveCount(total, 30, 60);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i}</li>
      ))}
    </ul>
  );
}

describe('useProgressiveCount', () => {
  it('renders the first rows with the screen and the rest in later tasks, until every row is there', async () => {
    render(<List total={200} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(200));
    expect(screen.getByText('row 199')).toBeTruthy();
  });

  it('renders a short list whole at once', () => {
    render(<List total={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });
});
