import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './SelectField.tsx';

const SIZES = [
  ['s', 'Small'],
  ['l', 'Large'],
] as const;

function Picker({ seen }: { seen: string[] }) {
  const [size, setSize] = useState<'s' | 'l' | ''>('');
  return (
    <SelectField
      label="Size"
      value={size}
      options={SIZES}
      onChange={(next) => {
        seen.push(next);
        setSize(next);
      }}
    />
  );
}

describe('SelectField', () => {
  it('is found by its label, lists its choices in order and hands back the chosen value', () => {
    const seen: string[] = [];
    render(<Picker seen={seen} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Size');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['s', 'Small'],
      ['l', 'Large'],
    ]);
    // Before a value is known, the first choice shows.
    expect(select.value).toBe('s');
    fireEvent.change(select, { target: { value: 'l' } });
    expect(seen).toEqual(['l']);
    expect(select.value).toBe('l');
  });
});
