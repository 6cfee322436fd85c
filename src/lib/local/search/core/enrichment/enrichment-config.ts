import type { CustomDocumentEnrichmentConfiguration, DocumentAttributeCondition, HookConfiguration } from '../../../../services/search/types.js';
import { fromWireValue } from '../attributes.js';
import { invalid } from '../errors.js';
import { COMPUTED_FIELDS, type FieldConfig } from '../fields.js';

function checkCondition(condition: DocumentAttributeCondition, where: string): void {
  if (condition.ConditionDocumentAttributeKey === '_document_body') {
    throw invalid(`${where}: Amazon Kendra currently does not support _document_body as an attribute key used for the condition.`);
  }
  if (condition.Operator === 'Exists' || condition.Operator === 'NotExists') return;
  if (!condition.ConditionOnValue) throw invalid(`${where}: the operator ${condition.Operator} needs a ConditionOnValue.`);
  try {
    fromWireValue(condition.ConditionOnValue, `${where}.ConditionOnValue`);
  } catch (error) {
    throw invalid(`${(error as Error).message}.`);
  }
}

function checkHook(hook: HookConfiguration, where: string): void {
  if (hook.InvocationCondition) checkCondition(hook.InvocationCondition, `${where}.InvocationCondition`);
}

/**
 * Checks a `CustomDocumentEnrichmentConfiguration` against the index's fields, as Kendra does
 * when it is given: a target is an index field ("Amazon Kendra cannot create a target field if
 * it has not already been created as an index field"), its value of the field's type, and not
 * both a value and `TargetDocumentAttributeValueDeletion` (nor neither: those are the two things
 * a target does); a condition is not on `_document_body`
 * and has a value unless its operator is `Exists` or `NotExists`; a hook comes with the `RoleArn` that may run it. Throws a `ValidationException`.
 */
export function checkEnrichmentConfig(config: CustomDocumentEnrichmentConfiguration, fields: ReadonlyMap<string, FieldConfig>): void {
  (config.InlineConfigurations ?? []).forEach((inline, at) => {
    const where = `InlineConfigurations[${at}]`;
    if (inline.Condition) checkCondition(inline.Condition, `${where}.Condition`);
    const target = inline.Target;
    if (!target) return;
    const key = target.TargetDocumentAttributeKey;
    if (target.TargetDocumentAttributeValue && target.TargetDocumentAttributeValueDeletion) {
      throw invalid(`${where}.Target: you cannot create a target value and set TargetDocumentAttributeValueDeletion to TRUE.`);
    }
    if (!key) {
      if (target.TargetDocumentAttributeValue || target.TargetDocumentAttributeValueDeletion)
        throw invalid(`${where}.Target needs a TargetDocumentAttributeKey.`);
      return;
    }
    if (!target.TargetDocumentAttributeValue && !target.TargetDocumentAttributeValueDeletion) {
      throw invalid(
        `${where}.Target sets neither TargetDocumentAttributeValue nor TargetDocumentAttributeValueDeletion: a target field gets a value or loses it (Kendra documents no copying from another attribute; a hook function can).`,
      );
    }
    if (COMPUTED_FIELDS.has(key)) throw invalid(`${where}.Target: the field ${key} is computed by the service and cannot be a target.`);
    const field = fields.get(key);
    if (!field) throw invalid(`${where}.Target: ${key} is not a field of the index; Amazon Kendra cannot create a target field that is not an index field.`);
    if (target.TargetDocumentAttributeValue) {
      let value;
      try {
        value = fromWireValue(target.TargetDocumentAttributeValue, key);
      } catch (error) {
        throw invalid(`${(error as Error).message}.`);
      }
      if (value.t !== field.Type) throw invalid(`${where}.Target: the field ${key} is of type ${field.Type}, not ${value.t}.`);
    }
  });
  const hooks = (['PreExtractionHookConfiguration', 'PostExtractionHookConfiguration'] as const).filter((name) => config[name]);
  for (const name of hooks) checkHook(config[name]!, name);
  if (hooks.length > 0 && !config.RoleArn) {
    throw invalid('A CustomDocumentEnrichmentConfiguration with a PreExtractionHookConfiguration or PostExtractionHookConfiguration needs a RoleArn.');
  }
}
