import { useId } from 'react';

type Props<V extends string> = {
  label: string;
  /** '' before the value is known: the first choice shows. */
  value: V | '';
  /** Each choice as [value, label], in the order shown. */
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
};

/** A labelled drop-down in a `.field`: the filters above a list. */
export function SelectField<V extends string>({ label, value, options, onChange }: Props<V>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
