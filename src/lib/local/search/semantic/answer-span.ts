/** Number words that can start an amount. */
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|half|a dozen';
const AMOUNT = new RegExp(
  `(?:[$€£]\\s?)?\\b(?:\\d[\\d,.]*|${NUMBER_WORDS})(?:\\s*(?:%|percent|per cent))?(?:[\\s-]+(?!(?:per|a|an|the|of|and|or|to|in|on|at|for|each|every)\\b)[\\p{L}]+){0,2}`,
  'iu',
);
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const DAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend';
const TIME = new RegExp(
  [
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b(?:\\s+\\d{4})?`,
    `\\b\\d{4}-\\d{2}-\\d{2}\\b`,
    `\\b\\d{1,2}(?::\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)`,
    `\\b(?:every|each|on|by|before|after|within)\\s+(?:the\\s+)?(?:first|last|\\d+\\w*|${DAYS}|${MONTHS}|\\w+\\s+(?:days?|weeks?|months?|years?|hours?))(?:\\s+\\w+){0,2}`,
    `\\b(?:${DAYS})s?\\b`,
    `\\b(?:in|since|until)\\s+\\d{4}\\b`,
  ].join('|'),
  'i',
);
const NAME = /(?<=\S\s+)(?:[A-Z][\p{L}'-]+)(?:\s+(?:[A-Z][\p{L}'-]+|of|the|and|de|van|von))*\s*(?:[A-Z][\p{L}'-]+)?/u;
const PLACE =
  /\b(?:in|at|on|from|to|inside|near)\s+(?:the\s+)?(?:[A-Z0-9][\p{L}\p{N}'-]*)(?:\s+(?:[A-Z0-9][\p{L}\p{N}'-]*|of|the))*|\b(?:floor|room|building|desk|portal|page|site|office)\s+[\p{L}\p{N}-]+/u;

/**
 * Where in the answering sentence the answer itself is, for the question's kind: an amount
 * for "how much/many/long/often" and "what percentage", a date or time for "when", a name for
 * "who", a place for "where". `null` when the kind has no pattern or the sentence none of it
 * (then the whole sentence is the answer).
 */
export function answerSpan(question: string, sentence: string): [number, number] | null {
  const asked = question.trim().toLowerCase();
  let pattern: RegExp | null = null;
  if (/^(how\s+(much|many|long|often|far|big|large|old|soon|fast)|what\s+(percentage|percent|amount|number|fraction))\b/.test(asked)) pattern = AMOUNT;
  else if (/^(when|what\s+(time|day|date|year|month))\b/.test(asked)) pattern = TIME;
  else if (/^(who|whom|whose)\b/.test(asked)) pattern = NAME;
  else if (/^where\b/.test(asked)) pattern = PLACE;
  if (!pattern) return null;
  const found = pattern.exec(sentence);
  if (!found || found[0].trim() === '') return null;
  const text = found[0].replace(/[\s,.;:]+$/, '');
  return [found.index, found.index + text.length];
}
