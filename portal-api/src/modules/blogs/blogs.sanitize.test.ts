import { describe, expect, it } from 'vitest';
import { bodyText, hasContent, sanitizeBody } from './blogs.sanitize.ts';

describe('sanitizeBody (Quill 2 allow-list)', () => {
  it('keeps semantic lists and Quill list items but drops the list-marker placeholder', () => {
    expect(sanitizeBody('<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>A</li></ol>')).toBe(
      '<ol><li data-list="bullet">A</li></ol>',
    );
  });

  it('turns the &nbsp; that getSemanticHTML writes for every space back into spaces so lines wrap', () => {
    expect(sanitizeBody('<p>Hello&nbsp;world</p>')).toBe('<p>Hello world</p>');
  });

  it('forces rel on links and keeps only target=_blank', () => {
    expect(sanitizeBody('<a href="https://x.test" target="_top" rel="opener">x</a>')).toBe(
      '<a rel="noopener noreferrer" href="https://x.test">x</a>',
    );
    expect(sanitizeBody('<a href="/blog" target="_blank">x</a>')).toBe('<a rel="noopener noreferrer" href="/blog" target="_blank">x</a>');
  });

  it('drops images whose source is refused, and unknown classes and styles', () => {
    expect(
      sanitizeBody('<img src="data:image/png;base64,AAAA"><p class="ql-size-large evil" style="color:#e60000;position:fixed">t</p>'),
    ).toBe('<p class="ql-size-large" style="color:#e60000">t</p>');
  });

  it('normalises b/i/strike to the tags Quill writes', () => {
    expect(sanitizeBody('<b>b</b><i>i</i><strike>s</strike>')).toBe('<strong>b</strong><em>i</em><s>s</s>');
  });
});

describe('bodyText and hasContent', () => {
  it('reads text with block boundaries as spaces and entities decoded', () => {
    expect(bodyText('<p>One</p><p>Two&nbsp;&amp; three<br>four</p><script>x</script>')).toBe('One Two & three four');
  });
  it('treats the empty editor as empty and an image-only body as content', () => {
    expect(hasContent('<p><br></p>')).toBe(false);
    expect(hasContent('<p> &nbsp; </p>')).toBe(false);
    expect(hasContent('<p><img src="/uploads/public/blogs/a.webp"></p>')).toBe(true);
  });
});
