import type { MouseEvent } from 'react';

/**
 * Props of a button that waits for its action: marked aria-disabled, not disabled, so it keeps
 * the keyboard focus while busy and after a refusal (WCAG 2.4.3; a disabled button drops the
 * focus to <body>). A click meanwhile is ignored; for a submit button that also stops the
 * form's submission, since Enter in a field submits through a click on that button.
 * Styled as disabled by `.btn[aria-disabled='true']` (global.css).
 */
export function busyButton(busy: boolean, onClick?: (e: MouseEvent<HTMLButtonElement>) => void) {
  return {
    'aria-disabled': busy || undefined,
    onClick: (e: MouseEvent<HTMLButtonElement>) => {
      if (busy) e.preventDefault();
      else onClick?.(e);
    },
  };
}
