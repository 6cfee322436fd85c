import assert from 'node:assert/strict';
import { childAt, readXml, textAt } from '../../../../src/lib/credentials/sts/xml-reader.js';

describe('readXml', () => {
  it('reads elements, entities, CDATA and namespaces of a query-protocol answer', () => {
    const xml = readXml(
      '<?xml version="1.0"?>\n<!-- answer --><sts:ErrorResponse xmlns:sts="https://sts.amazonaws.com/doc/2011-06-15/">' +
        '<Error><Code>AccessDenied</Code><Message>a &lt;b&gt; &amp; &#233;&#x41; <![CDATA[<raw>]]></Message></Error><RequestId>r1</RequestId><Empty/></sts:ErrorResponse>',
    );
    assert.equal(xml?.name, 'ErrorResponse');
    assert.equal(textAt(xml, 'Error', 'Code'), 'AccessDenied');
    assert.equal(textAt(xml, 'Error', 'Message'), 'a <b> & éA <raw>');
    assert.equal(textAt(xml, 'RequestId'), 'r1');
    assert.equal(textAt(xml, 'Empty'), '');
    assert.equal(childAt(xml, 'Missing'), undefined);
  });

  it('returns undefined for text that is not well-formed XML', () => {
    for (const text of ['', 'not xml', '<a><b></a>', '<a></a><b></b>', '<a>', '<a>x < y</a>', '<html><body>502 Bad Gateway']) {
      assert.equal(readXml(text), undefined, text);
    }
  });
});
