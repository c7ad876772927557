// How a form ties an error sentence to the field it is about (WCAG 3.3.1, technique ARIA21):
// the field says it is invalid and is described by the sentence, so a screen reader that
// lands on it reads why. The blog editor started this (BlogForm, QuillEditor); other forms
// spread these props on the refused field.

/** aria-invalid and aria-describedby of a field; `errorId` joins the description only while `invalid`. */
export function fieldError(
  invalid: boolean,
  errorId: string,
  describedBy?: string,
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = [invalid ? errorId : undefined, describedBy].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
}
