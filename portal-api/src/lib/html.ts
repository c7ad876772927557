import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

// The HTML the server writes (mails, blog pages, the API docs) is built with
// hono/html: `html` escapes every interpolated string, `raw` marks markup that
// is already safe (a sanitised blog body, a fragment built by `html`). This
// file is the one place that turns its result into text and escapes a lone value.

export { html, raw };

/** hono/html's result as text. Our templates hold no promises, so it is a string already. */
export function htmlText(fragment: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (fragment instanceof Promise) throw new Error('An HTML template received a promise.');
  return fragment.toString();
}

/** Text made safe inside HTML or XML, in text and in quoted attribute values (& < > " '). */
export function escapeHtml(text: string): string {
  return htmlText(html`${text}`);
}
