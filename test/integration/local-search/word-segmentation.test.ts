import { strict as assert } from 'node:assert';
import { activeIndex, ok, startTestService, textDoc, type TestService } from './support.js';

// Kendra indexes and searches each language it lists as supported with that language's analysis,
// Chinese, Japanese and Korean included:
// https://docs.aws.amazon.com/kendra/latest/dg/in-adding-languages.html
// and a query names the language it searches with `_language_code`:
// https://docs.aws.amazon.com/kendra/latest/dg/searching-example.html#searching-index-languages
describe('local search service: words of Chinese, Japanese, Korean and European languages', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const language = (code: string) => ({ EqualsTo: { Key: '_language_code', Value: { StringValue: code } } });
  const query = async (QueryText: string, code: string) =>
    (await ok(endpoint, 'Query', { IndexId: index, QueryText, PageSize: 100, AttributeFilter: language(code) })).ResultItems;
  const ids = async (QueryText: string, code: string) => (await query(QueryText, code)).map((item: any) => item.DocumentId).sort();

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('ja-tokyo', '日本の首都', '東京は日本の首都です。人口は約千四百万人です。', { _language_code: 'ja' }),
        textDoc('ja-osaka', '大阪', '大阪は日本の西にある大きな都市です。', { _language_code: 'ja' }),
        textDoc('zh-beijing', '中国的首都', '北京是中国的首都，也是政治和文化中心。', { _language_code: 'zh' }),
        textDoc('zh-shanghai', '上海', '上海是中国最大的经济城市。', { _language_code: 'zh' }),
        textDoc('ko-seoul', '한국의 수도', '서울은 한국의 수도입니다. 서울에서 많은 사람들이 일합니다.', { _language_code: 'ko' }),
        textDoc('ko-busan', '부산', '부산은 한국의 항구 도시입니다.', { _language_code: 'ko' }),
        textDoc('de-haus', 'Häuser in Berlin', 'Die Häuser in Berlin sind alt und schön.', { _language_code: 'de' }),
        textDoc('fr-maison', 'Les maisons de Paris', 'Les maisons parisiennes sont anciennes.', { _language_code: 'fr' }),
        textDoc('es-casa', 'Las casas de Madrid', 'Las casas madrileñas son antiguas.', { _language_code: 'es' }),
        textDoc('it-casa', 'Le case di Roma', 'Le case romane sono antiche.', { _language_code: 'it' }),
      ],
    });
  });
  after(async () => service.stop());

  it('finds a Japanese word inside a sentence written without spaces', async () => {
    assert.deepEqual(await ids('東京', 'ja'), ['ja-tokyo']);
    assert.deepEqual(await ids('首都', 'ja'), ['ja-tokyo']);
    assert.deepEqual(await ids('日本', 'ja'), ['ja-osaka', 'ja-tokyo']);
  });

  it('finds a Chinese word inside a sentence written without spaces', async () => {
    assert.deepEqual(await ids('北京', 'zh'), ['zh-beijing']);
    assert.deepEqual(await ids('中国', 'zh'), ['zh-beijing', 'zh-shanghai']);
    assert.deepEqual(await ids('文化', 'zh'), ['zh-beijing']);
  });

  it('finds a Korean word whatever particle follows it', async () => {
    assert.deepEqual(await ids('서울', 'ko'), ['ko-seoul'], '서울은 and 서울에서 hold 서울');
    assert.deepEqual(await ids('한국', 'ko'), ['ko-busan', 'ko-seoul'], '한국의 holds 한국');
    assert.deepEqual(await ids('수도', 'ko'), ['ko-seoul']);
  });

  it('searches a CJK query sentence by its words, and a quoted CJK phrase as a phrase', async () => {
    assert.deepEqual(await ids('日本の首都はどこですか', 'ja'), ['ja-osaka', 'ja-tokyo'], 'every document with one of its words');
    assert.equal((await query('日本の首都はどこですか', 'ja'))[0].DocumentId, 'ja-tokyo', 'the one with the most of them first');
    assert.deepEqual(await ids('"日本の首都"', 'ja'), ['ja-tokyo']);
    assert.deepEqual(await ids('"首都の日本"', 'ja'), []);
  });

  it('highlights the CJK word matched, at its offsets in the text as it was given', async () => {
    const [item] = await query('首都', 'ja');
    const excerpt = item.DocumentExcerpt;
    assert.equal(excerpt.Text, '東京は日本の首都です。人口は約千四百万人です。', 'the stored word breaks are not shown');
    assert.deepEqual(
      excerpt.Highlights.map((highlight: any) => excerpt.Text.slice(highlight.BeginOffset, highlight.EndOffset)),
      ['首都'],
    );
    assert.deepEqual(
      item.DocumentTitle.Highlights.map((highlight: any) => item.DocumentTitle.Text.slice(highlight.BeginOffset, highlight.EndOffset)),
      ['首都'],
    );
  });

  it('cuts the excerpt of a long Japanese text to 100 words around the match, highlighted where it is', async () => {
    const sentences = Array.from({ length: 200 }, (_, n) => (n === 150 ? '横浜には大きな港があります。' : '今日は天気が良いです。'));
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('ja-long', '長い文書', sentences.join(''), { _language_code: 'ja' })] });
    const [item] = await query('横浜', 'ja');
    assert.equal(item.DocumentId, 'ja-long');
    const excerpt = item.DocumentExcerpt;
    assert.ok(!excerpt.Text.includes('\u2063'), 'no stored word break is shown');
    assert.ok(excerpt.Text.length < sentences.join('').length / 4, 'an excerpt, not the whole text');
    assert.deepEqual(
      excerpt.Highlights.map((highlight: any) => excerpt.Text.slice(highlight.BeginOffset, highlight.EndOffset)),
      ['横浜'],
    );
  });

  it('finds the other forms of a word in German, French, Spanish and Italian by their Snowball stem', async () => {
    assert.deepEqual(await ids('Haus', 'de'), ['de-haus'], 'Häuser is a form of Haus');
    assert.deepEqual(await ids('maison', 'fr'), ['fr-maison'], 'maisons is a form of maison');
    assert.deepEqual(await ids('casa', 'es'), ['es-casa'], 'casas is a form of casa');
    assert.deepEqual(await ids('antica', 'it'), ['it-casa'], 'antiche is a form of antica');
  });
});
