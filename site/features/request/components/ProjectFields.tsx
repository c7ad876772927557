import { useId } from 'react';
import { PROJECT_NAME_MAX } from '../../../../portal-api/src/modules/queries/queries.limits.ts';
import { CharCount } from '../../../ui/CharCount.tsx';

type Project = { name: string; location: string };
type Props = {
  value: Project;
  onChange: (p: Project) => void;
  disabled: boolean;
  /** The id the name input takes (the form focuses it when it is refused). */
  nameId: string;
  /** The field's refusal attributes (lib/field-error.ts); they point at the counter too. */
  nameError: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
};

/**
 * The project name, required (it leads every list: docs/product.md §11), and the optional
 * location. docs/product.md §5's '*' marks the required fields.
 */
export function ProjectFields({ value, onChange, disabled, nameId, nameError }: Props) {
  const ids = { location: useId() };
  return (
    <div className="request-row">
      <div className="field">
        <label htmlFor={nameId}>Project name *</label>
        <input
          id={nameId}
          value={value.name}
          {...nameError}
          placeholder="e.g. Hialeah Office Building"
          disabled={disabled}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {/* Nothing is cut (docs/product.md §18): the counter warns, the form and the server refuse. */}
        <CharCount id="request-project-count" value={value.name} max={PROJECT_NAME_MAX} />
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
