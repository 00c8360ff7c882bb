import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../env';
import { applyHead, jsonLdScript } from './head-tags';
import { clip, plainText } from './page-text';

const head =
  '<title>Linen Diary | Kagaz &amp; Kalam</title>\n<meta name="description" content="x">';

describe('applyHead', () => {
  it("puts the page's head in place of index.html's neutral title: one title, no placeholder brand", () => {
    const indexHtml = readFileSync(join(serverRoot, '../web/index.html'), 'utf8');
    expect(indexHtml).not.toMatch(/Paper &amp; Quill|Trending Fashion/);
    const html = applyHead(indexHtml, head);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Linen Diary | Kagaz &amp; Kalam</title>');
    expect(html).not.toContain('app-head');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('an index.html without the markers loses its own title and description for the head', () => {
    const html = applyHead(
      '<html><head><meta name="description" content="Old"><title>Old</title></head><body></body></html>',
      head,
    );
    expect(html).not.toContain('Old');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toMatch(/<\/title>\n<meta name="description" content="x">\n<\/head>/);
  });
});

describe('JSON-LD and text', () => {
  it('a value cannot end the script or open a comment, and the JSON reads back the same', () => {
    const data = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const script = jsonLdScript(data);
    expect(script.match(/<\/script/gi)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    const body = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(script)![1]!;
    expect(JSON.parse(body)).toEqual(data);
  });

  it('plain text: tags and scripts out, entities decoded, spaces collapsed; clipped at a word', () => {
    expect(
      plainText('<p>Ink &amp; <b>paper</b></p><script>x()</script>\n\n<br>&#8377;99 &nbsp;only'),
    ).toBe('Ink & paper ₹99 only');
    const long = 'word '.repeat(50).trim();
    const clipped = clip(long);
    expect(clipped.length).toBeLessThanOrEqual(160);
    expect(clipped).toMatch(/ word…$/);
    expect(clip('short text')).toBe('short text');
  });
});
