import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseFiles } from '../../../../tests/component/choose.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import { Composer } from './Composer.tsx';

// The chat input keeps what was typed until the server has the message: a refused or
// undelivered message is given back, never cleared away; one over its 5,000 characters is
// counted and not sent, never cut.

/** An onSend the test answers by hand, recording what it was asked to send. */
function answeredByHand() {
  const sent: string[] = [];
  let answer: (ok: boolean) => void = () => undefined;
  const onSend = (text: string) => {
    sent.push(text);
    return new Promise<boolean>((resolve) => (answer = resolve));
  };
  return { sent, onSend, answer: (ok: boolean) => answer(ok) };
}

const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLInputElement;
const typeAndEnter = (text: string) => {
  fireEvent.input(box(), { target: { value: text } });
  fireEvent.submit(box().form!);
};

describe('Composer', () => {
  it('keeps the text, read-only, until the message is confirmed, then clears it', async () => {
    const hand = answeredByHand();
    render(<Composer onSend={hand.onSend} />);
    typeAndEnter('  Plans attached  ');
    expect(hand.sent).toEqual(['Plans attached']);
    expect(box().value).toBe('  Plans attached  ');
    expect(box().readOnly).toBe(true);
    // A second Enter meanwhile sends nothing.
    fireEvent.submit(box().form!);
    expect(hand.sent).toHaveLength(1);

    hand.answer(true);
    await waitFor(() => expect(box().value).toBe(''));
    expect(box().readOnly).toBe(false);
  });

  it('gives the focus back to the message box after a send by the Send button (the button is disabled once the box is empty)', async () => {
    const hand = answeredByHand();
    render(<Composer onSend={hand.onSend} />);
    fireEvent.input(box(), { target: { value: 'Sent by the button' } });
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    expect(hand.sent).toEqual(['Sent by the button']);
    hand.answer(true);
    await waitFor(() => expect(box().value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });

  it('gives the text back when the message was not sent', async () => {
    const hand = answeredByHand();
    render(<Composer onSend={hand.onSend} />);
    typeAndEnter('The slab is 6 inches');
    hand.answer(false);
    await waitFor(() => expect(box().readOnly).toBe(false));
    expect(box().value).toBe('The slab is 6 inches');
    // And it can be sent again.
    fireEvent.submit(box().form!);
    expect(hand.sent).toEqual(['The slab is 6 inches', 'The slab is 6 inches']);
  });

  it('counts a message over 5,000 characters and sends it neither by Enter nor by Send, cutting nothing', async () => {
    const hand = answeredByHand();
    render(<Composer onSend={hand.onSend} />);
    const long = 'x'.repeat(10_000);
    fireEvent.input(box(), { target: { value: long } });
    expect(box().value).toHaveLength(10_000);
    expect(box().hasAttribute('maxlength')).toBe(false);
    const count = screen.getByText('10,000 / 5,000 · At most 5,000 characters: please remove 5,000.');
    expect(box().getAttribute('aria-describedby')).toBe(count.id);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(box().form!); // Enter
    expect(hand.sent).toEqual([]);
    expect(box().value).toBe(long);
    expect(box().readOnly).toBe(false);

    fireEvent.input(box(), { target: { value: 'Short and fine' } });
    expect(screen.queryByText(/ \/ 5,000/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(hand.sent).toEqual(['Short and fine']);
    hand.answer(true);
    await waitFor(() => expect(box().value).toBe(''));
  });

  describe('the file button', () => {
    afterEach(() => vi.restoreAllMocks());
    const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = (name: string, type = '') => new File(['Meeting notes, not a drawing.'], name, { type });

    it("refuses a client's text file with the request form's sentence, and hands nothing on to upload", () => {
      const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
      const onFile = vi.fn();
      const { container } = render(<Composer onSend={async () => true} onFile={onFile} fileRule="plan" />);
      chooseFiles(fileInput(container), [file('notes.txt', 'text/plain')]);
      expect(error.mock.calls).toEqual([['notes.txt: Only PDF, DWG, ZIP or image files are accepted.']]);
      expect(onFile).not.toHaveBeenCalled();
      // A plan goes on to the screen's upload.
      const plan = file('A-101.pdf', 'application/pdf');
      chooseFiles(fileInput(container), [plan]);
      expect(onFile.mock.calls).toEqual([[plan]]);
      expect(error).toHaveBeenCalledTimes(1);
    });

    it("takes the firm's deliverable kinds (a CSV) and refuses others with the deliverables' sentence", () => {
      const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
      const onFile = vi.fn();
      const { container } = render(<Composer onSend={async () => true} onFile={onFile} fileRule="deliverable" />);
      chooseFiles(fileInput(container), [file('notes.txt', 'text/plain')]);
      expect(error.mock.calls).toEqual([['notes.txt: Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.']]);
      chooseFiles(fileInput(container), [file('cost breakdown.csv', 'text/csv')]);
      expect(onFile.mock.calls.map(([f]) => (f as File).name)).toEqual(['cost breakdown.csv']);
    });

    it("offers only the rule's kinds in the file dialog", () => {
      const { container } = render(<Composer onSend={async () => true} onFile={() => undefined} fileRule="plan" />);
      const accept = fileInput(container).accept.split(',');
      expect(accept).toEqual(expect.arrayContaining(['.pdf', '.dwg', '.zip', '.png']));
      expect(accept).not.toContain('.txt');
      expect(accept).not.toContain('.csv');
    });
  });
});
