import type { Token } from './analyzer.js';

/** A passage of a text: its characters and the indexes of its first and last words in the text's tokens. */
export interface PassageSpan {
  start: number;
  end: number;
  firstToken: number;
  lastToken: number;
}

/** The most words a passage holds. */
const PASSAGE_WORDS = 200;

const SENTENCE_END = /[.!?;:]|\n\s*\n/;

/** Where a passage ending with token `last` ends: after the punctuation that closes the word, before the next word. */
function endOf(text: string, tokens: readonly Token[], last: number): number {
  const limit = tokens[last + 1]?.start ?? text.length;
  let end = tokens[last]!.end;
  while (end < limit && !/\s/.test(text[end]!)) end += 1;
  return end;
}

/**
 * Cuts a text into consecutive passages of at most `maxWords` words. A passage ends at the
 * last sentence end (or paragraph break) in its second half when there is one, else after
 * `maxWords` words, so that passages read as whole sentences where the text allows.
 */
export function cutPassages(text: string, tokens: readonly Token[], maxWords = PASSAGE_WORDS): PassageSpan[] {
  const passages: PassageSpan[] = [];
  for (let first = 0; first < tokens.length;) {
    let last = Math.min(tokens.length - 1, first + maxWords - 1);
    if (last < tokens.length - 1) {
      for (let k = last; k >= first + Math.floor(maxWords / 2); k--) {
        if (SENTENCE_END.test(text.slice(tokens[k]!.end, tokens[k + 1]!.start))) {
          last = k;
          break;
        }
      }
    }
    passages.push({ start: tokens[first]!.start, end: endOf(text, tokens, last), firstToken: first, lastToken: last });
    first = last + 1;
  }
  return passages;
}
