import { strict as assert } from 'node:assert';
import { decodePage, prescanEncoding, PRESCAN_BYTES } from '../../../../src/lib/local/search/maintenance/web-crawler/page-charset.js';

// The HTML Standard's "Determining the character encoding" (BOM, transport charset, the prescan of the first 1,024 bytes)
// and the Encoding Standard's labels, which is how Kendra's web crawler, a browser (Chromium), reads pages:
// https://docs.aws.amazon.com/kendra/latest/dg/data-source-v2-web-crawler.html
describe('web crawler: the encoding of a page', () => {
  const latin = (text: string) => Buffer.from(text, 'latin1');

  it('finds <meta charset> and <meta http-equiv> in the first 1,024 bytes only, past comments', () => {
    assert.equal(prescanEncoding(latin('<html><head><meta charset="shift_jis">')), 'shift_jis');
    assert.equal(prescanEncoding(latin(`<meta http-equiv='content-type' content='text/html; charset=EUC-JP'>`)), 'euc-jp');
    assert.equal(prescanEncoding(latin('<!-- <meta charset="gbk"> --><meta charset=big5>')), 'big5');
    assert.equal(prescanEncoding(latin(`<p>${'x'.repeat(PRESCAN_BYTES)}</p><meta charset="gbk">`)), undefined);
    assert.equal(prescanEncoding(latin('<meta content="text/html; charset=gbk">')), undefined, 'content counts only with http-equiv');
  });

  it('passes over unknown labels, reads UTF-16 in a <meta> as UTF-8 and x-user-defined as windows-1252', () => {
    assert.equal(prescanEncoding(latin('<meta charset="no-such-encoding"><meta charset="euc-kr">')), 'euc-kr');
    assert.equal(prescanEncoding(latin('<meta charset="utf-16le">')), 'utf-8');
    assert.equal(prescanEncoding(latin('<meta charset="x-user-defined">')), 'windows-1252');
  });

  it('decodes by BOM first, then the Content-Type charset, then the prescan, else UTF-8', () => {
    const euro = Buffer.from([0x80]);
    assert.equal(decodePage(euro, 'iso-8859-1', false), '\u20ac', 'iso-8859-1 is windows-1252');
    assert.equal(decodePage(euro, 'latin1', false), '\u20ac');
    assert.equal(decodePage(Buffer.concat([latin('<meta charset="windows-1252">'), Buffer.from([0x93, 0x94])]), undefined, true).slice(-2), '\u201c\u201d');
    assert.equal(decodePage(Buffer.from('caf\u00e9', 'utf8'), 'bogus', false), 'caf\u00e9', 'an unknown label falls back to UTF-8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\u00fcber', 'utf8')]);
    assert.equal(decodePage(bom, 'windows-1252', true), '\u00fcber', 'a byte order mark wins over the header');
    assert.equal(decodePage(Buffer.from([0xff, 0xfe, 0x41, 0x00]), undefined, false), 'A', 'UTF-16LE by its BOM');
    assert.equal(decodePage(latin('<meta charset="shift_jis">\u0082\u00a0'), 'utf-8', true).endsWith('\ufffd\ufffd'), true, 'the header wins over <meta>');
  });
});
