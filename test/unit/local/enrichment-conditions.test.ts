import { strict as assert } from 'node:assert';
import type { ConditionOperator, DocumentAttributeValue } from '../../../src/lib/services/search/types.js';
import type { AttrMap } from '../../../src/lib/local/search/core/attributes.js';
import { applyInlineConfigurations, conditionHolds } from '../../../src/lib/local/search/core/enrichment/inline-enrichment.js';

// Kendra's DocumentAttributeCondition operators:
// https://docs.aws.amazon.com/kendra/latest/APIReference/API_DocumentAttributeCondition.html
// ("GreaterThan | GreaterThanOrEquals | LessThan | LessThanOrEquals | Equals | NotEquals | Contains | NotContains | Exists | NotExists | BeginsWith")

const DOC: AttrMap = {
  Source_URI: { t: 'STRING_VALUE', v: 'financial/reports/q1' },
  Priority: { t: 'LONG_VALUE', v: 5 },
  Published: { t: 'DATE_VALUE', v: Date.parse('2021-06-01T00:00:00Z') },
  Tags: { t: 'STRING_LIST_VALUE', v: ['budget', 'forecast'] },
};

const holds = (key: string, operator: ConditionOperator, value?: DocumentAttributeValue) =>
  conditionHolds({ ConditionDocumentAttributeKey: key, Operator: operator, ...(value ? { ConditionOnValue: value } : {}) }, DOC);

describe('Custom Document Enrichment conditions', () => {
  it('tests presence with Exists and NotExists', () => {
    assert.equal(holds('Priority', 'Exists'), true);
    assert.equal(holds('Missing', 'Exists'), false);
    assert.equal(holds('Missing', 'NotExists'), true);
    assert.equal(holds('Priority', 'NotExists'), false);
  });

  it('compares numbers, dates and strings with the ordering operators', () => {
    assert.equal(holds('Priority', 'GreaterThan', { LongValue: 4 }), true);
    assert.equal(holds('Priority', 'GreaterThan', { LongValue: 5 }), false);
    assert.equal(holds('Priority', 'GreaterThanOrEquals', { LongValue: 5 }), true);
    assert.equal(holds('Priority', 'LessThan', { LongValue: 5 }), false);
    assert.equal(holds('Priority', 'LessThanOrEquals', { LongValue: 5 }), true);
    assert.equal(holds('Published', 'GreaterThan', { DateValue: '2021-01-01T00:00:00Z' as unknown as Date }), true);
    assert.equal(holds('Published', 'LessThan', { DateValue: (Date.parse('2020-01-01T00:00:00Z') / 1000) as unknown as Date }), false);
    assert.equal(holds('Source_URI', 'GreaterThan', { StringValue: 'a' }), true);
    // a value of another type is not ordered
    assert.equal(holds('Priority', 'GreaterThan', { StringValue: '1' }), false);
  });

  it('matches equality, containment and prefixes on strings and string lists', () => {
    assert.equal(holds('Source_URI', 'Equals', { StringValue: 'financial/reports/q1' }), true);
    assert.equal(holds('Source_URI', 'NotEquals', { StringValue: 'financial' }), true);
    assert.equal(holds('Source_URI', 'Contains', { StringValue: 'reports' }), true);
    assert.equal(holds('Source_URI', 'NotContains', { StringValue: 'hr' }), true);
    assert.equal(holds('Source_URI', 'BeginsWith', { StringValue: 'financial/' }), true);
    assert.equal(holds('Source_URI', 'BeginsWith', { StringValue: 'reports' }), false);
    assert.equal(holds('Tags', 'Contains', { StringValue: 'budget' }), true);
    assert.equal(holds('Tags', 'Equals', { StringListValue: ['budget', 'forecast'] }), true);
    assert.equal(holds('Tags', 'BeginsWith', { StringValue: 'fore' }), true);
    // an absent attribute meets only the negative comparisons
    assert.equal(holds('Missing', 'Equals', { StringValue: 'x' }), false);
    assert.equal(holds('Missing', 'NotEquals', { StringValue: 'x' }), true);
    assert.equal(holds('Missing', 'NotContains', { StringValue: 'x' }), true);
  });

  it('applies configurations in order, each on what the previous left', () => {
    const outcome = applyInlineConfigurations(
      [
        { Target: { TargetDocumentAttributeKey: 'Department', TargetDocumentAttributeValue: { StringValue: 'Finance' } } },
        {
          Condition: { ConditionDocumentAttributeKey: 'Department', Operator: 'Equals', ConditionOnValue: { StringValue: 'Finance' } },
          Target: { TargetDocumentAttributeKey: 'Priority', TargetDocumentAttributeValueDeletion: true },
        },
      ],
      DOC,
    );
    assert.deepEqual(outcome.attrs.Department, { t: 'STRING_VALUE', v: 'Finance' });
    assert.equal(outcome.attrs.Priority, undefined);
    assert.equal(outcome.deleteContent, false);
    assert.deepEqual(DOC.Priority, { t: 'LONG_VALUE', v: 5 }, 'the input is left as it was');
  });
});
