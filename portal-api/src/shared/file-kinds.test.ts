import { describe, expect, it } from 'vitest';
import { acceptOf, hasAcceptedName, isPreviewableImage, refusalOf, uploadRuleOf } from './file-kinds.ts';

// One table of file kinds for the server's sniffing and the browser's pickers (docs/product.md §14).

describe('the file kinds', () => {
  it('gives each picker the extensions and MIME types of its rule, and no image/* that would offer TIFF, HEIC or SVG', () => {
    const plan = acceptOf('plan').split(',');
    expect(plan).toEqual(
      expect.arrayContaining(['.pdf', '.dwg', '.zip', '.jpg', '.jpeg', '.png', '.avif', 'application/pdf', 'image/png']),
    );
    expect(plan).not.toContain('image/*');
    expect(plan).not.toContain('.xlsx');
    const deliverable = acceptOf('deliverable').split(',');
    expect(deliverable).toEqual(expect.arrayContaining(['.pdf', '.xlsx', '.xls', '.docx', '.csv', 'text/csv', '.dwg', '.zip', '.png']));
    expect(deliverable).not.toContain('image/*');
  });

  it('takes a name by its extension in any case, with the aliases of a type, and CSV only as a deliverable', () => {
    expect(hasAcceptedName('A-101 Floor Plan.PDF', 'plan')).toBe(true);
    expect(hasAcceptedName('site photo.jpeg', 'plan')).toBe(true);
    expect(hasAcceptedName('site photo.jfif', 'image')).toBe(true);
    expect(hasAcceptedName('notes.txt', 'plan')).toBe(false);
    expect(hasAcceptedName('pdf', 'plan')).toBe(false);
    expect(hasAcceptedName('takeoff.csv', 'plan')).toBe(false);
    expect(hasAcceptedName('takeoff.csv', 'deliverable')).toBe(true);
    expect(hasAcceptedName('plans.dwg', 'image')).toBe(false);
  });

  it('takes a BMP as a plan or a deliverable, with a preview, but not as a photo, which the site re-encodes', () => {
    expect(hasAcceptedName('site.bmp', 'plan')).toBe(true);
    expect(hasAcceptedName('site.bmp', 'deliverable')).toBe(true);
    expect(hasAcceptedName('site.bmp', 'image')).toBe(false);
    expect(acceptOf('image').split(',')).not.toContain('.bmp');
    expect(isPreviewableImage('site.BMP')).toBe(true);
    expect(isPreviewableImage('site photo.jpeg')).toBe(true);
    expect(isPreviewableImage('A-101.dwg')).toBe(false);
  });

  it("refuses with docs/product.md §14's sentences, naming the file", () => {
    expect(refusalOf('notes.txt', 'plan')).toBe('notes.txt: Only PDF, DWG, ZIP or image files are accepted.');
    expect(refusalOf('notes.txt', 'deliverable')).toBe('notes.txt: Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.');
    expect(refusalOf('plans.pdf', 'image')).toBe('plans.pdf: Only images (JPG, PNG, GIF, WebP, AVIF) are accepted.');
  });

  it("checks a client's uploads as plans and the firm's as deliverables", () => {
    expect(uploadRuleOf('client')).toBe('plan');
    expect(uploadRuleOf('admin')).toBe('deliverable');
  });
});
