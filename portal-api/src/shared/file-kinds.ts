import type { Role } from './roles.ts';

// The kinds of file the portal takes (docs/product.md §14), defined once: the server sniffs each
// upload's bytes against a rule's types (lib/storage.ts), and the browser builds its pickers'
// `accept` and checks a chosen file's name from the same table before anything is uploaded, so
// both refuse with one sentence.

export type FileKindRule = 'image' | 'plan' | 'deliverable';

/** For each rule: the type sniffed from the bytes (by its extension) with the MIME type stored, and the refusal. */
type FileKind = {
  types: Readonly<Record<string, string>>;
  /** Types that have no signature to sniff, taken by their name when the content is plain text. */
  textTypes?: Readonly<Record<string, string>>;
  /**
   * Types whose bytes only show the container they are kept in, taken by their name when the
   * content is that container: an Excel 97–2003 workbook is sniffed as a Compound File ('cfb').
   */
  containerTypes?: Readonly<Record<string, readonly string[]>>;
  text: string;
};

/** Photos shown on the site (profile, blog and service images): what sharp re-encodes (lib/public-image.ts). */
const PHOTO_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** Images kept as files (plans, deliverables): the photos' kinds and BMP, which every browser draws but sharp cannot read. */
const IMAGE_TYPES = { ...PHOTO_TYPES, bmp: 'image/bmp' };
const PLAN_TYPES = { ...IMAGE_TYPES, pdf: 'application/pdf', dwg: 'image/vnd.dwg', zip: 'application/zip' };
const DELIVERABLE_TYPES = {
  ...PLAN_TYPES,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
};

export const FILE_KINDS: Readonly<Record<FileKindRule, FileKind>> = {
  image: { types: PHOTO_TYPES, text: 'Only images (JPG, PNG, GIF, WebP, AVIF) are accepted.' },
  plan: { types: PLAN_TYPES, text: 'Only PDF, DWG, ZIP or image files are accepted.' },
  deliverable: {
    types: DELIVERABLE_TYPES,
    textTypes: { csv: 'text/csv' },
    containerTypes: { cfb: ['xls'] },
    text: 'Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.',
  },
};

/** Names a detected type may also end with ('photo.jpeg' is a JPEG as well as 'photo.jpg'). */
export const EXT_ALIASES: Readonly<Record<string, readonly string[]>> = { jpg: ['jpeg', 'jpe', 'jfif'], tif: ['tiff'] };

/** A file name's extension, lower case ('' without one). */
export const extensionOf = (name: string): string => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** Every extension a chosen file's name may end with under the rule: each type's, its aliases, and the text types'. */
export function extensionsOf(rule: FileKindRule): string[] {
  const { types, textTypes } = FILE_KINDS[rule];
  return [...Object.keys(types).flatMap((ext) => [ext, ...(EXT_ALIASES[ext] ?? [])]), ...Object.keys(textTypes ?? {})];
}

/** The `accept` attribute of a picker for the rule: the extensions, then their MIME types for pickers that go by type. */
export function acceptOf(rule: FileKindRule): string {
  const { types, textTypes } = FILE_KINDS[rule];
  const mimes = new Set([...Object.values(types), ...Object.values(textTypes ?? {})]);
  return [...extensionsOf(rule).map((ext) => `.${ext}`), ...mimes].join(',');
}

/** Whether a chosen file's name is one the rule takes (the server still checks the bytes). */
export const hasAcceptedName = (name: string, rule: FileKindRule): boolean => extensionsOf(rule).includes(extensionOf(name));

/** The refusal naming the file, as the server answers it (415) and the browser says it before uploading. */
export const refusalOf = (name: string, rule: FileKindRule): string => `${name}: ${FILE_KINDS[rule].text}`;

/** What a user's uploads are checked against: a client sends plans, the firm also deliverables (spreadsheets, documents). */
export const uploadRuleOf = (role: Role): 'plan' | 'deliverable' => (role === 'admin' ? 'deliverable' : 'plan');

/**
 * Whether a chosen file gets a picture preview: the images kept as files (JPG, PNG, GIF, WebP,
 * AVIF, BMP), which current browsers all draw in an <img>. Other types a browser calls image/* (a
 * DWG is 'image/vnd.dwg', also TIFF, HEIC, PSD) are not drawn and show their type's tile.
 */
export const isPreviewableImage = (name: string): boolean => {
  const ext = extensionOf(name);
  return Object.keys(IMAGE_TYPES).some((type) => type === ext || (EXT_ALIASES[type] ?? []).includes(ext));
};
