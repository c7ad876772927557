import { useId } from 'react';

type Project = { name: string; location: string };

/** Project name and location, both optional: docs/product.md §5 names the form's required fields. */
export function ProjectFields({ value, onChange, disabled }: { value: Project; onChange: (p: Project) => void; disabled: boolean }) {
  const ids = { name: useId(), location: useId() };
  return (
    <div className="request-row">
      <div className="field">
        <label htmlFor={ids.name}>Project name (optional)</label>
        <input
          id={ids.name}
          value={value.name}
          maxLength={200}
          placeholder="e.g. Hialeah Office Building"
          disabled={disabled}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.location}>Location (optional)</label>
        <input
          id={ids.location}
          value={value.location}
          maxLength={200}
          placeholder="City, state"
          disabled={disabled}
          onChange={(e) => onChange({ ...value, location: e.target.value })}
        />
      </div>
    </div>
  );
}
