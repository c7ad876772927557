import { type Ref, useId, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import type { UploadLimits as Limits } from '../../../../portal-api/src/modules/queries/queries.schema.ts';
import { describeProgress, type FileProgress } from '../../../lib/resumable-uploads.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { formatBytes } from '../../../../portal-api/src/shared/byte-size.ts';
import { acceptOf, hasAcceptedName, isPreviewableImage, refusalOf } from '../../../../portal-api/src/shared/file-kinds.ts';

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
      <style>{`
        .drop { position: relative; border: 2px dashed #b8c1cc; border-radius: 10px; padding: 1.25rem; text-align: center; background: var(--bg-soft); }
        /* Visually hidden but labelled (global .field input rules would give it full width). */
        .field .drop-input { position: absolute; inset: 0 auto auto 0; width: 1px; height: 1px; min-height: 0; padding: 0; border: 0; opacity: 0; overflow: hidden; }
        .drop:has([aria-invalid='true']) { border-color: var(--danger); }
        .drop.is-over { border-color: var(--orange); background: #fff4ec; }
        .drop-text { margin: 0 0 .5rem; }
        .drop-hint { margin: .5rem 0 0; font-size: .85rem; color: var(--muted); }
        .picked { list-style: none; padding: 0; margin: .5rem 0 0; display: grid; gap: .4rem; }
        .picked li { display: flex; align-items: center; gap: .75rem; border: 1px solid var(--line); border-radius: 8px; padding: .35rem .5rem; background: #fff; }
        .picked img { width: 56px; height: 56px; object-fit: cover; border-radius: 6px; }
        /* Grows with the text size, so 'DWG' or 'AVIF' in larger text stays whole. */
        .picked-icon { flex: none; min-width: 56px; height: 56px; padding: 0 .3em; box-sizing: border-box; display: grid; place-items: center; border-radius: 6px; background: var(--navy); color: #fff; font-weight: 800; font-size: .8rem; letter-spacing: .04em; }
        .picked-name { flex: 1; min-width: 0; overflow-wrap: anywhere; display: grid; }
        .picked-name small { color: var(--muted); }
        .picked-status { font-variant-numeric: tabular-nums; }
        .picked-bar { width: 100%; height: 6px; accent-color: var(--orange); }
        .picked-remove { min-width: 44px; min-height: 44px; border: none; background: none; font-size: 1.5rem; cursor: pointer; color: var(--danger); border-radius: 8px; }
        .picked-remove:hover { background: #fee2e2; }
      `}</style>
    </div>
  );
}
