/** Data of every shape the output formats must handle: structures, lists, nesting, scalars, empties. */
export const SAMPLES: unknown[] = [
  {
    IndexConfigurationSummaryItems: [
      { Name: 'a', Id: '1', Status: 'ACTIVE' },
      { Name: 'b', Id: '2', Status: 'CREATING', Extra: true },
    ],
    NextToken: 'tok',
  },
  { Id: 'x', Stats: { Faq: { Count: 3 }, Text: { Count: 5, Size: 10 } }, Tags: [{ Key: 'k', Value: 'v' }], Keys: ['a', 'b'] },
  { details: { name: 'p', resources: [{ type: 't', attributes: { a: '1' } }, { type: 'u' }], flag: false, none: null } },
  ['a', 'b', 'c'],
  [['a', 'b'], 'c', ['d']],
  'just a string',
  42,
  { Empty: [], Nested: [[1, 2], [3]] },
];
