import { fireEvent } from '@testing-library/react';

// A person picking an option of a <select>, or files in a file input: React's onChange of
// both listens to the browser's `change` event, which is what Testing Library fires here.

export const chooseOption = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });
export const chooseFiles = (input: HTMLElement, files: File[]) => fireEvent.change(input, { target: { files } });
