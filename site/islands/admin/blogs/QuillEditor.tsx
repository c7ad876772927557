import { useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
// Quill and its styles load only with this module, i.e. only on /blog-upload (it is imported lazily).
import 'react-quill-new/dist/quill.snow.css';
import { toast } from 'sonner';
import { Modal } from '../../ui/Modal.tsx';

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
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp,image/avif';
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
];

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
            input.accept = IMAGE_TYPES;
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
