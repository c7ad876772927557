import { useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
// Quill and its styles load only with this module, i.e. only on /blog-upload (it is imported lazily).
import 'react-quill-new/dist/quill.snow.css';
import { toast } from '../../../ui/toast-on-demand.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { acceptOf } from '../../../../portal-api/src/shared/file-kinds.ts';

type Props = {
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  value: string;
  onChange: (html: string) => void;
  /** Uploads an image for the body and answers its URL. */
  uploadImage: (file: File) => Promise<string>;
};

// The formats the server's allow-list keeps (portal-api blogs.sanitize.ts).
const TOOLBAR = [
  [{ header: [2, 3, 4, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  ['blockquote', 'code-block', 'link', 'image'],
  [{ align: [] }],
  ['clean'],
];
const FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'indent', 'blockquote', 'code-block', 'link', 'image', 'align'];
// Quill names its buttons by format ("list: bullet"); screen readers get words.
const BUTTON_NAMES: Array<[string, string]> = [
  ['.ql-bold', 'Bold'],
  ['.ql-italic', 'Italic'],
  ['.ql-underline', 'Underline'],
  ['.ql-strike', 'Strikethrough'],
  ['.ql-list[value="ordered"]', 'Numbered list'],
  ['.ql-list[value="bullet"]', 'Bulleted list'],
  ['.ql-indent[value="-1"]', 'Decrease indent'],
  ['.ql-indent[value="+1"]', 'Increase indent'],
  ['.ql-blockquote', 'Quote'],
  ['.ql-code-block', 'Code block'],
  ['.ql-link', 'Insert link'],
  ['.ql-image', 'Insert image'],
  ['.ql-clean', 'Clear formatting'],
  ['.ql-header .ql-picker-label', 'Text style'],
  ['.ql-align .ql-picker-label', 'Alignment'],
  // The picker items are named by quill.snow.css's ::before text (headers) or an icon alone
  // (alignment); neither names them for a screen reader (WCAG failure F87).
  ['.ql-header .ql-picker-item[data-value="2"]', 'Heading 2'],
  ['.ql-header .ql-picker-item[data-value="3"]', 'Heading 3'],
  ['.ql-header .ql-picker-item[data-value="4"]', 'Heading 4'],
  ['.ql-header .ql-picker-item:not([data-value])', 'Normal text'],
  ['.ql-align .ql-picker-item:not([data-value])', 'Align left'],
  ['.ql-align .ql-picker-item[data-value="center"]', 'Align center'],
  ['.ql-align .ql-picker-item[data-value="right"]', 'Align right'],
  ['.ql-align .ql-picker-item[data-value="justify"]', 'Justify'],
];

/**
 * The link tooltip of Quill's snow theme: its text box is named only by a placeholder, and its
 * Edit / Save and Remove are <a> without href, which a keyboard cannot reach. They become
 * buttons that Tab reaches and Enter or Space presses; the first is named by the tooltip's mode.
 * Answers the clean-up.
 */
function makeLinkTooltipAccessible(container: HTMLElement): () => void {
  const tooltip = container.querySelector<HTMLElement>('.ql-tooltip');
  if (!tooltip) return () => undefined;
  tooltip.querySelector('input[type="text"]')?.setAttribute('aria-label', 'Link URL');
  const action = tooltip.querySelector<HTMLElement>('a.ql-action');
  const remove = tooltip.querySelector<HTMLElement>('a.ql-remove');
  const press = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    (event.currentTarget as HTMLElement).click();
  };
  for (const link of [action, remove]) {
    link?.setAttribute('role', 'button');
    link?.setAttribute('tabindex', '0');
    link?.addEventListener('keydown', press);
  }
  remove?.setAttribute('aria-label', 'Remove link');
  // quill.snow.css shows "Save" while the URL is edited (.ql-editing), "Edit" otherwise.
  const name = () => action?.setAttribute('aria-label', tooltip.classList.contains('ql-editing') ? 'Save link' : 'Edit link');
  name();
  const mode = new MutationObserver(name);
  mode.observe(tooltip, { attributes: true, attributeFilter: ['class'] });
  return () => {
    mode.disconnect();
    for (const link of [action, remove]) link?.removeEventListener('keydown', press);
  };
}

/** Quill 2 through react-quill-new (react-quill calls findDOMNode, which React 19 removed). */
export default function QuillEditor({ labelledBy, describedBy, invalid, value, onChange, uploadImage }: Props) {
  const ref = useRef<ReactQuill>(null);
  const upload = useRef(uploadImage);
  upload.current = uploadImage;
  // A picked body image waits here while the author describes it (its alt text).
  const [pending, setPending] = useState<{ file: File; index: number } | null>(null);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);

  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          // Images are uploaded and inserted by URL: the server refuses data: URLs in the body.
          image(this: { quill: import('quill').default }) {
            const quill = this.quill;
            const input = document.createElement('input');
            input.type = 'file';
            input.accept = acceptOf('image');
            input.onchange = () => {
              const file = input.files?.[0];
              if (!file) return;
              setAlt('');
              setPending({ file, index: quill.getSelection(true).index });
            };
            input.click();
          },
        },
      },
      // Tab leaves the editor (keyboard users must not be trapped); the toolbar indents.
      keyboard: {
        bindings: {
          tab: false,
          'remove tab': false,
          indent: false,
          outdent: false,
          'indent code-block': false,
          'outdent code-block': false,
        },
      },
    }),
    [],
  );

  const insertPending = async () => {
    const quill = ref.current?.getEditor();
    if (!quill || !pending) return;
    setUploading(true);
    try {
      const url = await upload.current(pending.file);
      quill.insertEmbed(pending.index, 'image', url, 'user');
      if (alt.trim()) quill.formatText(pending.index, 1, 'alt', alt.trim(), 'user');
      quill.setSelection(pending.index + 1, 0, 'user');
      toast.success('Image added.');
      setPending(null);
    } catch (err) {
      toast.error((err as Error).message || 'Image upload failed.');
    } finally {
      setUploading(false);
    }
  };
  const cancelPending = () => {
    setPending(null);
    ref.current?.getEditor().focus();
  };

  useEffect(() => {
    const quill = ref.current?.getEditor();
    if (!quill) return;
    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    root.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    const toolbar = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    toolbar?.setAttribute('aria-label', 'Formatting');
    for (const [selector, name] of BUTTON_NAMES) toolbar?.querySelector(selector)?.setAttribute('aria-label', name);
  }, [labelledBy, describedBy, invalid]);

  useEffect(() => {
    const container = ref.current?.getEditor().container;
    return container ? makeLinkTooltipAccessible(container) : undefined;
  }, []);

  return (
    <>
      <ReactQuill
        ref={ref}
        theme="snow"
        className={`qe${invalid ? ' is-invalid' : ''}`}
        value={value}
        onChange={(html) => onChange(html)}
        modules={modules}
        formats={FORMATS}
        placeholder="Write the post…"
      />
      <Modal
        open={!!pending}
        title="Insert image"
        onClose={cancelPending}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={cancelPending} disabled={uploading}>
              Cancel
            </button>
            <button type="button" className="btn" onClick={() => void insertPending()} disabled={uploading}>
              {uploading ? 'Uploading…' : 'Insert image'}
            </button>
          </>
        }
      >
        <div className="field">
          <label htmlFor="qe-alt">Image description</label>
          <input
            id="qe-alt"
            value={alt}
            maxLength={200}
            autoFocus
            aria-describedby="qe-alt-hint"
            onChange={(e) => setAlt(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void insertPending();
              }
            }}
          />
          <p id="qe-alt-hint" className="be-hint">
            What the image shows, for readers who cannot see it. Leave empty if it is only decoration.
          </p>
        </div>
        {pending && <p className="be-hint">{pending.file.name}</p>}
      </Modal>
    </>
  );
}
