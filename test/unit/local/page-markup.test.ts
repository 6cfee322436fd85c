import { strict as assert } from 'node:assert';
import { highlighted } from '../../../src/lib/local/web/highlights.js';
import { html, safeHref } from '../../../src/lib/local/web/html.js';

describe('page markup: escaping, links and highlights', () => {
  it('escapes every interpolated value unless it is markup already', () => {
    const title = `<img src=x onerror="alert('x')">&`;
    assert.equal(
      html`<h2 title="${title}">${title}</h2>`.text,
      '<h2 title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</h2>',
    );
    assert.equal(html`<p>${[html`<b>${'<i>'}</b>`, 2, undefined, false, null]}</p>`.text, '<p><b>&lt;i&gt;</b>2</p>');
  });

  it('links only http, https and s3 URLs', () => {
    for (const uri of ['https://example.com/a?b=c', 'http://example.com/', 's3://bucket/key.pdf']) assert.equal(safeHref(uri), uri);
    for (const uri of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example/',
      'relative/path',
      undefined,
    ]) {
      assert.equal(safeHref(uri), undefined, String(uri));
    }
  });

  it('marks the highlights of a text and escapes the rest, ignoring spans out of range or overlapping', () => {
    const text = {
      Text: 'a <b> walrus & a seal',
      Highlights: [
        { BeginOffset: 6, EndOffset: 12, TopAnswer: true },
        { BeginOffset: 8, EndOffset: 10 },
        { BeginOffset: 17, EndOffset: 21 },
        { BeginOffset: 20, EndOffset: 99 },
      ],
    };
    assert.equal(highlighted(text).text, 'a &lt;b&gt; <mark class="top">walrus</mark> &amp; a <mark>seal</mark>');
    assert.equal(highlighted(undefined).text, '');
  });
});
