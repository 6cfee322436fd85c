import assert from 'node:assert/strict';
import { looksLikeShorthand, parseShorthand, parseShorthandList, ShorthandSyntaxError } from '../../../src/lib/cli/input/shorthand.js';

describe('cli shorthand syntax', () => {
  it('parses key=value pairs', () => {
    assert.deepEqual(parseShorthand('Key=team,Value=web'), { Key: 'team', Value: 'web' });
    assert.deepEqual(parseShorthand(' Key = a b , Value=c '), { Key: 'a b', Value: 'c' });
  });

  it('parses lists, nested structures and quoted values', () => {
    assert.deepEqual(parseShorthand('Names=[a,b],Outer={Inner=1,Deep={X=y}},Empty=[]'), {
      Names: ['a', 'b'],
      Outer: { Inner: '1', Deep: { X: 'y' } },
      Empty: [],
    });
    assert.deepEqual(parseShorthand(`Bucket=b,Key="a,b.csv",Other='x=y'`), { Bucket: 'b', Key: 'a,b.csv', Other: 'x=y' });
    assert.deepEqual(parseShorthand('Text="say \\"hi\\""'), { Text: 'say "hi"' });
  });

  it('turns bare values after a key into a list (Values=a,b,c)', () => {
    assert.deepEqual(parseShorthand('Key=k,Values=a,b,c'), { Key: 'k', Values: ['a', 'b', 'c'] });
  });

  it('rejects malformed input with a position', () => {
    for (const text of ['=a', 'A=[a,b', 'A={B=1', 'A="open', 'a']) {
      assert.throws(() => parseShorthand(text), ShorthandSyntaxError, text);
    }
    assert.throws(() => parseShorthand('A=[a,b'), /position \d+/);
  });

  it('splits lists of scalars', () => {
    assert.deepEqual(parseShorthandList('a,b,"c,d"'), ['a', 'b', 'c,d']);
    assert.deepEqual(parseShorthandList('one'), ['one']);
  });

  it('tells shorthand from other text', () => {
    assert.equal(looksLikeShorthand('Key=a'), true);
    assert.equal(looksLikeShorthand('{"Key":"a"}'), false);
    assert.equal(looksLikeShorthand('plain text'), false);
  });
});
