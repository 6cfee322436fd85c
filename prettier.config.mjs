/**
 * Layout of the code: single quotes, trailing commas, and lines up to 160 columns, the width the
 * code was written to (99% of its lines fit in it).
 * @type {import('prettier').Config}
 */
export default {
  printWidth: 160,
  singleQuote: true,
  trailingComma: 'all',
};
