import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseFiles } from '../../../../tests/component/choose.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import { FilePicker, type PickedFile } from './FilePicker.tsx';

// The plan picker of the request and addendum forms (docs/product.md §14): it offers and takes
// the plan kinds only, and refuses any other file with the server's own sentence, before any upload.

function Picker() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  return <FilePicker files={files} onChange={setFiles} />;
}

const input = () => screen.getByLabelText('Plans and files *') as HTMLInputElement;
const file = (name: string, type: string) => new File(['x'], name, { type });

afterEach(() => vi.restoreAllMocks());

describe('FilePicker', () => {
  it('offers the plan kinds by extension and type, without image/* (which would offer TIFF, HEIC or SVG)', () => {
    render(<Picker />);
    const accept = input().accept.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.pdf', '.dwg', '.zip', '.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp', '.avif']));
    expect(accept).not.toContain('image/*');
  });

  it("refuses a text file with the server's sentence, naming it, and keeps the plans beside it", () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    render(<Picker />);
    chooseFiles(input(), [file('notes.txt', 'text/plain'), file('A-101.pdf', 'application/pdf')]);
    expect(error.mock.calls).toEqual([['notes.txt: Only PDF, DWG, ZIP or image files are accepted.']]);
    const list = screen.getByRole('list', { name: 'Attached files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.picked-name')!.firstChild!.textContent),
    ).toEqual(['A-101.pdf']);
  });

  describe('the preview', () => {
    // Each preview's object URL, recorded by the name of its file, so the test sees which ones were made.
    const made: string[] = [];
    beforeEach(() => {
      made.length = 0;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((f) => (made.push((f as File).name), `blob:${(f as File).name}`));
    });
    const row = (name: string) =>
      within(screen.getByRole('list', { name: 'Attached files' }))
        .getAllByRole('listitem')
        .find((li) => li.textContent!.includes(name))!;

    it("draws the images a browser can show, and gives a DWG (image/vnd.dwg) its type's tile, not a broken picture", () => {
      render(<Picker />);
      chooseFiles(input(), [
        file('A-101 Floor Plan.dwg', 'image/vnd.dwg'),
        file('site photo.jpeg', 'image/jpeg'),
        file('roof.webp', 'image/webp'),
        file('elevations.avif', ''),
      ]);
      expect(made).toEqual(['site photo.jpeg', 'roof.webp', 'elevations.avif']);
      expect(within(row('A-101 Floor Plan.dwg')).queryByRole('img')).toBeNull();
      expect(row('A-101 Floor Plan.dwg').querySelector('.picked-icon')!.textContent).toBe('DWG');
      expect(within(row('site photo.jpeg')).getByRole('img', { name: 'Preview of site photo.jpeg' })).toBeTruthy();
      expect(within(row('elevations.avif')).getByRole('img', { name: 'Preview of elevations.avif' })).toBeTruthy();
    });

    it('shows the tile instead when a picture cannot be drawn after all', () => {
      render(<Picker />);
      chooseFiles(input(), [file('scan.png', 'image/png')]);
      fireEvent.error(screen.getByRole('img', { name: 'Preview of scan.png' }));
      expect(screen.queryByRole('img', { name: 'Preview of scan.png' })).toBeNull();
      expect(row('scan.png').querySelector('.picked-icon')!.textContent).toBe('PNG');
    });
  });
});
