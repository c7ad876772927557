import sanitizeHtml from 'sanitize-html';

// The blog body is HTML written in Quill 2 (docs/product.md §5 "Blog editor") and shown
// to every visitor, so it is cleaned on every write with an allow-list that
// covers exactly Quill's formats: headers, bold/italic/underline/strike,
// links, lists (semantic <ul>/<ol>, or Quill's own <ol><li data-list>),
// blockquote, code, sub/sup, alignment/indent/size/font classes, colours,
// and images. Anything else (scripts, event attributes, iframes, SVG, forms,
// inline styles other than colours) is dropped.

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const QUILL_CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-direction-rtl',
  'ql-size-small',
  'ql-size-large',
  'ql-size-huge',
  'ql-font-serif',
  'ql-font-monospace',
  'ql-syntax',
  'ql-code-block',
  'ql-code-block-container',
  'ql-ui',
  ...Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`),
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'sub',
    'sup',
    'span',
    'img',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': QUILL_CLASSES },
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  // Relative URLs (our own /uploads/…) pass; of the absolute ones only these
  // schemes. javascript:, data:, vbscript: and protocol-relative URLs go.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose text must not leak into the post when they are dropped.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
    'template',
    'select',
    'button',
  ],
  transformTags: {
    // A link never hands the opened page a handle on ours (window.opener).
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    // An image without a description is decorative to a screen reader, not its file name.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    b: 'strong',
    i: 'em',
    strike: 's',
  },
  exclusiveFilter: (frame) =>
    // Quill's list-marker placeholder, and images whose source was refused.
    (frame.tag === 'span' && /\bql-ui\b/.test(frame.attribs.class ?? '')) || (frame.tag === 'img' && !frame.attribs.src),
  // Quill's getSemanticHTML writes every space as &nbsp;, which stops lines
  // from wrapping on a phone; ordinary spaces read the same.
  textFilter: (text) => text.replace(/\u00a0|&nbsp;/g, ' '),
};

/** Cleans a blog body for storage and display (sanitize-html on every write, so nothing unsafe is ever stored). */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The readable text of a body (for previews, search snippets, RSS and meta descriptions). */
export function bodyText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return decodeEntities(text)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** True when a body has something to read: text or an image (Quill's empty editor is `<p><br></p>`). */
export function hasContent(html: string): boolean {
  return bodyText(html) !== '' || /<img\s/i.test(html);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
