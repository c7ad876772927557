import { type Ref, useId, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import type { UploadLimits as Limits } from '../../../../portal-api/src/modules/queries/queries.schema.ts';
import { describeProgress, type FileProgress } from '../../../lib/resumable-uploads.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { formatBytes } from '../../../../portal-api/src/shared/byte-size.ts';
import { acceptOf, hasAcceptedName, isPreviewableImage, refusalOf } from '../../../../portal-api/src/shared/file-kinds.ts';
import './file-picker.css';

export type PickedFile = { id: string; file: File; preview: string | null };

const ACCEPT = acceptOf('plan');
const DEFAULT_MAX_FILES = 20;

function extension(name: string): string {
  return (/\.([a-z0-9]{1,4})$/i.exec(name)?.[1] ?? 'FILE').toUpperCase();
}

type Props = {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  limits?: Limits;
  disabled?: boolean;
  progress?: Record<string, FileProgress>;
  /** The id of the sentence refusing the form for want of files; the field is marked invalid while set. */
  errorId?: string;
  /** The Choose files button, which the form focuses when the files are missing. */
  chooseRef?: Ref<HTMLButtonElement>;
  /** The field's label: the request form's by default; the addendum form names its own. */
  label?: string;
};

/** A picked file's picture, or the tile with its extension when it has none or its content cannot be drawn. */
function Thumb({ file, preview }: { file: File; preview: string | null }) {
  const [broken, setBroken] = useState(false);
  if (preview && !broken)
    return <img src={preview} alt={`Preview of ${file.name}`} width={56} height={56} onError={() => setBroken(true)} />;
  return (
    <span className="picked-icon" aria-hidden="true">
      {extension(file.name)}
    </span>
  );
}

/**
 * Plan files for a request or an addendum: up to 20 (PDF, DWG, ZIP or images), chosen with the
 * button or dropped on the zone; images a browser draws get a preview, others their type's tile and name; each
 * has a remove button. The limits are checked here too so a person learns them
 * before a long upload; the server checks again by content.
 */
export function FilePicker({ files, onChange, limits, disabled, progress, errorId, chooseRef, label = 'Plans and files *' }: Props) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const maxFiles = limits?.maxFiles ?? DEFAULT_MAX_FILES;

  const add = (list: FileList | File[]) => {
    const next = [...files];
    for (const file of Array.from(list)) {
      if (!hasAcceptedName(file.name, 'plan')) {
        // The server's own sentence (lib/storage.ts), said before the upload instead of after it.
        toast.error(refusalOf(file.name, 'plan'));
        continue;
      }
      if (limits && file.size > limits.maxFileBytes) {
        toast.error(`${file.name} is larger than ${formatBytes(limits.maxFileBytes)}.`);
        continue;
      }
      if (next.length >= maxFiles) {
        toast.error(`At most ${maxFiles} files can be attached.`);
        break;
      }
      // Only the kinds a browser draws get a picture: a DWG is 'image/vnd.dwg' but no <img> shows it.
      const preview = isPreviewableImage(file.name) ? URL.createObjectURL(file) : null;
      next.push({ id: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`, file, preview });
    }
    onChange(next);
  };
  const remove = (id: string) => {
    const gone = files.find((f) => f.id === id);
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    onChange(files.filter((f) => f.id !== id));
  };

  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div
        className={`drop${over ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled && e.dataTransfer.files.length) add(e.dataTransfer.files);
        }}
      >
        <p className="drop-text">Drag and drop files here, or</p>
        <button
          ref={chooseRef}
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-describedby={fieldError(!!errorId, errorId ?? '', hintId)['aria-describedby']}
        >
          Choose files
        </button>
        <input
          ref={inputRef}
          id={inputId}
          className="drop-input"
          type="file"
          multiple
          accept={ACCEPT}
          {...fieldError(!!errorId, errorId ?? '', hintId)}
          disabled={disabled}
          tabIndex={-1}
          onChange={(e) => {
            if (e.target.files) add(e.target.files);
            e.target.value = '';
          }}
        />
        <p id={hintId} className="drop-hint">
          PDF, DWG, ZIP or image · up to {maxFiles} files
          {limits ? ` · at most ${formatBytes(limits.maxFileBytes)} each` : ''}
        </p>
      </div>
      {files.length > 0 && (
        <ul className="picked" aria-label="Attached files">
          {files.map((f) => {
            const p = progress?.[f.id];
            return (
              <li key={f.id}>
                <Thumb file={f.file} preview={f.preview} />
                <span className="picked-name">
                  {f.file.name}
                  <small>{formatBytes(f.file.size)}</small>
                  {p && (
                    <>
                      <small className="picked-status" aria-live="polite">
                        {describeProgress(p)}
                      </small>
                      <progress className="picked-bar" max={p.total || 1} value={p.sent} aria-label={`Upload of ${f.file.name}`} />
                    </>
                  )}
                </span>
                <button
                  type="button"
                  className="picked-remove"
                  onClick={() => remove(f.id)}
                  disabled={disabled}
                  aria-label={`Remove ${f.file.name}`}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
