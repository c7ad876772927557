import { createEvent, fireEvent } from '@testing-library/preact';

// A person picking an option of a <select>, or files in a file input: the browser fires
// `input` and then `change` on it. Needed because under preact/compat @testing-library/preact
// turns every `fireEvent.change` into an `input` event (compat listens to `input` for the
// onChange of a text field), while compat keeps `change` for a <select> and a file input:
// fireEvent.change alone would never reach their onChange.

function pick(element: HTMLElement, target: { value: string } | { files: File[] }): void {
  fireEvent.input(element, { target });
  fireEvent(element, createEvent.change(element));
}

export const chooseOption = (select: HTMLElement, value: string) => pick(select, { value });
export const chooseFiles = (input: HTMLElement, files: File[]) => pick(input, { files });
