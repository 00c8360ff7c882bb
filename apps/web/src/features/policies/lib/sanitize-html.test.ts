import { describe, expect, it } from 'vitest';
import { sanitizePolicyHtml } from '@store/ui/policy-html';

describe('sanitizePolicyHtml', () => {
  it('keeps the safe tags, links and images', () => {
    const html =
      '<h2>Terms</h2><p>Read <strong>this</strong> and <a href="https://example.com" title="x">that</a>.</p>' +
      '<ul><li>one</li></ul><img src="/images/logo.png" alt="Logo" width="80" height="40">';
    expect(sanitizePolicyHtml(html)).toBe(
      '<h2>Terms</h2><p>Read <strong>this</strong> and <a href="https://example.com" title="x" rel="noopener noreferrer">that</a>.</p>' +
        '<ul><li>one</li></ul><img src="/images/logo.png" alt="Logo" width="80" height="40">',
    );
  });
  it('drops scripts, styles, iframes and forms with their content', () => {
    expect(
      sanitizePolicyHtml(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><form><input></form>',
      ),
    ).toBe('<p>a</p>');
  });
  it('drops event handlers, styles and classes', () => {
    expect(
      sanitizePolicyHtml(
        '<p onclick="alert(1)" style="color:red" class="x">hi</p><img src="x.png" onerror="alert(1)">',
      ),
    ).toBe('<p>hi</p><img src="x.png">');
  });
  it('drops javascript: and data: URLs, even disguised', () => {
    expect(sanitizePolicyHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizePolicyHtml('<a href=" JaVa\tScRiPt:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizePolicyHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe(
      '<img>',
    );
    expect(sanitizePolicyHtml('<a href="mailto:help@example.in">mail</a>')).toBe(
      '<a href="mailto:help@example.in">mail</a>',
    );
  });
  it('unwraps unknown tags, keeps their text and turns h1 into h2', () => {
    expect(sanitizePolicyHtml('<h1>Title</h1><font color="red">kept <b>bold</b></font>')).toBe(
      '<h2>Title</h2>kept <b>bold</b>',
    );
  });
  it('escapes text that looks like markup', () => {
    expect(sanitizePolicyHtml('5 &lt; 6 &amp; <svg><script>x</script></svg>')).toBe(
      '5 &lt; 6 &amp; ',
    );
  });
  it('keeps an attribute only on the tags that allow it', () => {
    expect(
      sanitizePolicyHtml(
        '<p title="x" data-x="1" aria-label="y">t</p><table><tbody><tr><td colspan="2" title="x">a</td></tr></tbody></table>',
      ),
    ).toBe('<p>t</p><table><tbody><tr><td colspan="2">a</td></tr></tbody></table>');
  });
  it('drops form controls with their text, comments, and images from mailto: or tel:', () => {
    expect(
      sanitizePolicyHtml(
        '<button>Click</button><!-- note --><p>ok</p><img src="tel:1"><img src="mailto:a@b.in">',
      ),
    ).toBe('<p>ok</p><img><img>');
  });
});
