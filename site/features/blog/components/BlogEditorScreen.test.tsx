import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Quill from 'quill';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/api/harness.ts';
import { expectNoAxeViolations } from '../../../../tests/component/axe.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { chooseOption } from '../../../../tests/component/choose.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import BlogEditorScreen from './BlogEditorScreen.tsx';

// The blog editor (docs/product.md §2 /blog-upload, §5 "Blog editor", §8 admin blog texts) in
// jsdom against the real API: what it refuses before sending anything, and the
// post it sends (POST to create, PUT to update) with where it goes afterwards.

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await openBrowser();
  adminToken = await signInAdmin(browser.server);
  const me = await browser.server.call('GET', '/api/users/profile', { token: adminToken });
  useAuth
    .getState()
    .signIn(adminToken, { _id: me.body.data._id, fullName: me.body.data.fullName, email: me.body.data.email, role: 'admin' });
}, 60_000);
afterAll(() => browser.stop());
// Sonner keeps its toasts across renders: each test starts with none.
afterEach(() => toast.dismiss());

const db = () => browser.server.deps.db;
/** What the page sent besides reading. */
const writes = () => browser.calls.filter((c) => c.method !== 'GET');
/** Lets the form's pending promise work finish (a macrotask turn, not a wait for time). */
const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens the editor at `path` and waits for Quill (loaded lazily) and the categories. */
async function openEditor(path = '/blog-upload') {
  browser.visit(path);
  render(<BlogEditorScreen />);
  // Quill's lazy chunk: the first test of the file also waits for its transform, on a shared machine.
  const body = await screen.findByRole('textbox', { name: 'Body' }, { timeout: 20_000 });
  await screen.findByRole('option', { name: 'Estimating Tips' });
  return body;
}

const quillOf = (editor: HTMLElement) => Quill.find(editor.closest('.ql-container')!) as Quill;
/** Writes into the editor the way typing does: Quill reports a user change (inside act, as fireEvent's are). */
function writeBody(editor: HTMLElement, text: string) {
  act(() => void quillOf(editor).setText(text, 'user'));
}

const chooseCategory = (name: string) =>
  chooseOption(screen.getByLabelText(/^Category/), screen.getByRole<HTMLOptionElement>('option', { name }).value);
const fieldErrors = () => screen.queryAllByText('This field is required.').map((p) => p.id);

describe('the blog editor refuses, before sending anything', () => {
  it("a post without title, category and body: 'Please fill in all required fields.' and each field marked", async () => {
    const body = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText('Please fill in all required fields.')).toBeTruthy();
    expect(fieldErrors()).toEqual(['blog-title-error', 'blog-category-error', 'blog-body-error']);
    expect(screen.getByLabelText(/^Blog Title/).getAttribute('aria-invalid')).toBe('true');
    // The editor's mark is set by an effect: wait for it rather than race it.
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement?.id).toBe('blog-title');

    // A field's mark goes once it is edited (even while still blank); the others stay until the next SAVE.
    type(/^Blog Title/, '  ');
    await settle();
    expect(fieldErrors()).toEqual(['blog-category-error', 'blog-body-error']);
    type(/^Blog Title/, 'Bidding a school');
    chooseCategory('Bidding Strategy');
    await settle();
    expect(fieldErrors()).toEqual(['blog-body-error']);
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(document.activeElement).toBe(body));
    expect(fieldErrors()).toEqual(['blog-body-error']);

    expect(writes()).toEqual([]);
    expect(browser.visited).toEqual([]);
  });

  it("a body of blank lines counts as empty (Quill's <p><br></p>)", async () => {
    const body = await openEditor();
    type(/^Blog Title/, 'Blank body');
    chooseCategory('Company News');
    writeBody(body, '\n\n   \n');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeTruthy();
    expect(fieldErrors()).toEqual(['blog-body-error']);
    expect(writes()).toEqual([]);
  });

  it("a title over 200 characters, with the counter's sentence, and nothing cut", async () => {
    const body = await openEditor();
    type(/^Blog Title/, `  ${'T'.repeat(205)}  `);
    type('Sub-Title', 'S'.repeat(301));
    chooseCategory('Estimating Tips');
    writeBody(body, 'Quantities first.');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));

    expect(await screen.findByText('Blog Title: At most 200 characters: please remove 5.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('blog-title');
    expect(fieldErrors()).toEqual([]);
    expect((screen.getByLabelText(/^Blog Title/) as HTMLInputElement).value).toBe(`  ${'T'.repeat(205)}  `);

    type(/^Blog Title/, 'A fair title');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Sub-Title: At most 300 characters: please remove 1.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('blog-subtitle');
    expect(writes()).toEqual([]);
    expect(browser.visited).toEqual([]);
  });
});

describe("the editor's toolbar and link tooltip", () => {
  it("name every picker, each item of the pickers, and the link tooltip's box and buttons for a screen reader", async () => {
    const body = await openEditor();
    const editor = body.closest<HTMLElement>('.qe')!;
    const named = within(editor);
    // Each picker opened (Quill opens one on mousedown): its items come into the accessibility tree.
    for (const [picker, items] of [
      ['Text style', ['Heading 2', 'Heading 3', 'Heading 4', 'Normal text']],
      ['Alignment', ['Align left', 'Align center', 'Align right', 'Justify']],
    ] as const) {
      fireEvent.mouseDown(named.getByRole('button', { name: picker }));
      for (const name of items) expect(named.getByRole('button', { name }), name).toBeTruthy();
      await expectNoAxeViolations(editor.querySelector('.ql-toolbar')!);
      fireEvent.mouseDown(named.getByRole('button', { name: picker }));
    }
    expect(editor.querySelectorAll('.ql-picker-item:not([aria-label])')).toHaveLength(0);
    // The tooltip's Edit and Remove are buttons the keyboard reaches (Tab), named by what they do.
    expect(named.getByRole('textbox', { name: 'Link URL' })).toBeTruthy();
    for (const name of ['Edit link', 'Remove link']) expect(named.getByRole('button', { name }).getAttribute('tabindex')).toBe('0');
  });
});

describe('the blog editor counts', () => {
  it('a 10,000-character title against its 200, and refuses it on SAVE in a toast with the same sentence', async () => {
    const body = await openEditor();
    type(/^Blog Title/, 'x'.repeat(10_000));
    const title = screen.getByLabelText(/^Blog Title/) as HTMLInputElement;
    expect(title.value).toHaveLength(10_000);
    expect(title.hasAttribute('maxlength')).toBe(false);
    expect(document.getElementById('blog-title-count')?.textContent).toBe('10,000 / 200 · At most 200 characters: please remove 9,800.');
    expect(title.getAttribute('aria-describedby')).toBe('blog-title-count');
    chooseCategory('Estimating Tips');
    writeBody(body, 'Body text.');
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));

    const refusal = await screen.findByText('Blog Title: At most 200 characters: please remove 9,800.');
    expect(refusal.closest('[data-sonner-toast]')).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(title.value).toHaveLength(10_000);
    expect(writes()).toEqual([]);
    expect(browser.visited).toEqual([]);
  });
});

describe('the blog editor sends', () => {
  let createdId: string;

  it('a new draft once, trimmed and with its tags once each, then goes to /draft-blog', async () => {
    const body = await openEditor();
    type(/^Blog Title/, '  Reading a bid set in one morning  ');
    type('Sub-Title', ' Where the hours go ');
    chooseCategory('Bidding Strategy');
    type('Tags (comma separated)', 'bidding, Bidding , takeoff,,');
    writeBody(body, 'Start with the general notes.');
    // A double click saves once.
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    fireEvent.click(screen.getByRole('button', { name: /^(SAVE|Saving)/ }));

    expect(await screen.findByText('Blog created successfully!')).toBeTruthy();
    const categoryId = screen.getByRole<HTMLOptionElement>('option', { name: 'Bidding Strategy' }).value;
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/blogs',
        body: [
          ['title', 'Reading a bid set in one morning'],
          ['subTitle', 'Where the hours go'],
          // As the editor gives it (Quill's semantic HTML), unchanged.
          ['body', quillOf(body).getSemanticHTML()],
          ['category', categoryId],
          ['tags', 'bidding, takeoff'],
          ['status', 'draft'],
        ],
      },
    ]);
    // docs/product.md §2: a draft goes to /draft-blog (after the toast has been seen).
    await waitFor(() => expect(browser.visited).toEqual(['/draft-blog']));
    const row = await db()
      .selectFrom('blogs')
      .innerJoin('categories', 'categories.id', 'blogs.category_id')
      .select(['blogs.id', 'title', 'sub_title', 'status', 'body', 'categories.name as category'])
      .where('title', '=', 'Reading a bid set in one morning')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sub_title: 'Where the hours go', status: 'draft', category: 'Bidding Strategy' });
    expect(row.body).toContain('Start with the general notes.');
    const tags = await db().selectFrom('blog_tags').select('tag').where('blog_id', '=', row.id).execute();
    expect(tags.map((t) => t.tag).sort()).toEqual(['bidding', 'takeoff']);
    createdId = row.id;
  });

  it('an edit with UPDATE, published, then goes to /admin-blogs; CANCEL first puts back what was loaded', async () => {
    const body = await openEditor(`/blog-upload/${createdId}`);
    const title = screen.getByLabelText(/^Blog Title/) as HTMLInputElement;
    expect(title.value).toBe('Reading a bid set in one morning');
    expect((screen.getByLabelText('Tags (comma separated)') as HTMLInputElement).value).toBe('bidding, takeoff');

    type(/^Blog Title/, '');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(title.value).toBe('Reading a bid set in one morning');
    expect(fieldErrors()).toEqual([]);

    type(/^Blog Title/, 'Reading a bid set before lunch');
    chooseOption(screen.getByLabelText('Status'), 'published');
    fireEvent.click(screen.getByRole('button', { name: 'UPDATE' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: `/api/blogs/${createdId}`,
        body: [
          ['title', 'Reading a bid set before lunch'],
          ['subTitle', 'Where the hours go'],
          ['body', quillOf(body).getSemanticHTML()],
          ['category', screen.getByRole<HTMLOptionElement>('option', { name: 'Bidding Strategy' }).value],
          ['tags', 'bidding, takeoff'],
          ['status', 'published'],
        ],
      },
    ]);
    await waitFor(() => expect(browser.visited).toEqual(['/admin-blogs']));
    const row = await db()
      .selectFrom('blogs')
      .select(['title', 'status', 'sub_title'])
      .where('id', '=', createdId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Reading a bid set before lunch', status: 'published', sub_title: 'Where the hours go' });
  });
});
