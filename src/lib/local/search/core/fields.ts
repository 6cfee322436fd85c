import type { DocumentMetadataConfiguration, Relevance } from '../../../services/search/types.js';
import { invalid } from './errors.js';

/** The value types of document fields. */
export type FieldType = 'STRING_VALUE' | 'STRING_LIST_VALUE' | 'LONG_VALUE' | 'DATE_VALUE';

/** A field of an index, in the model's `DocumentMetadataConfiguration` form. */
export interface FieldConfig {
  Name: string;
  Type: FieldType;
  Relevance?: {
    Freshness?: boolean;
    Importance?: number;
    Duration?: string;
    RankOrder?: 'ASCENDING' | 'DESCENDING';
    ValueImportanceMap?: Record<string, number>;
  };
  Search: { Facetable: boolean; Searchable: boolean; Displayable: boolean; Sortable: boolean };
}

function reserved(name: string, type: FieldType, flags: string): FieldConfig {
  return {
    Name: name,
    Type: type,
    Search: {
      Facetable: flags.includes('F'),
      Searchable: flags.includes('S'),
      Displayable: flags.includes('D'),
      Sortable: flags.includes('O'),
    },
  };
}

/**
 * The reserved fields every index has, with their default search settings (F facetable,
 * S searchable, D displayable, O sortable).
 */
export const RESERVED_FIELDS: readonly FieldConfig[] = [
  reserved('_authors', 'STRING_LIST_VALUE', 'FD'),
  reserved('_category', 'STRING_VALUE', 'FDO'),
  reserved('_created_at', 'DATE_VALUE', 'FDO'),
  reserved('_data_source_id', 'STRING_VALUE', 'FD'),
  reserved('_document_body', 'STRING_VALUE', 'S'),
  reserved('_document_id', 'STRING_VALUE', 'DO'),
  reserved('_document_title', 'STRING_VALUE', 'SDO'),
  reserved('_excerpt_page_number', 'LONG_VALUE', 'D'),
  reserved('_faq_id', 'STRING_VALUE', 'FD'),
  reserved('_file_type', 'STRING_VALUE', 'FDO'),
  reserved('_language_code', 'STRING_VALUE', 'FD'),
  reserved('_last_updated_at', 'DATE_VALUE', 'FDO'),
  reserved('_source_uri', 'STRING_VALUE', 'D'),
  reserved('_tenant_id', 'STRING_VALUE', 'FD'),
  reserved('_version', 'STRING_VALUE', 'DO'),
  reserved('_view_count', 'LONG_VALUE', 'FDO'),
];

/**
 * The user-context attributes an AttributeFilter may name besides the index's fields: they
 * filter on the principals of documents' access control, which documents cannot set.
 */
export const PRINCIPAL_FIELDS = { _user_id: 'STRING_VALUE', _group_ids: 'STRING_LIST_VALUE' } as const satisfies Record<string, FieldType>;

/** The fields a document may not set itself: the service computes them. */
export const COMPUTED_FIELDS = new Set(['_document_id', '_document_title', '_document_body', '_view_count', '_faq_id']);

/** The most fields an index can have. */
const MAX_FIELDS = 500;

/**
 * Applies UpdateIndex `DocumentMetadataConfigurationUpdates` to an index's fields: a new name
 * adds a custom field (displayable unless told otherwise, and searchable when it holds strings,
 * as Kendra's defaults are), a known name changes its search and relevance settings. A field's
 * type never changes; custom names cannot start with `_`; one date field at most sets `Freshness`.
 */
export function applyFieldUpdates(current: readonly FieldConfig[], updates: readonly DocumentMetadataConfiguration[]): FieldConfig[] {
  const fields = current.map((field) => ({ ...field, Search: { ...field.Search } }));
  for (const update of updates) {
    const name = update.Name;
    const type = update.Type;
    const existing = fields.find((field) => field.Name === name);
    if (existing) {
      if (existing.Type !== type) {
        throw invalid(`The field ${name} is of type ${existing.Type}; its type cannot change to ${type}.`);
      }
    } else if (name.startsWith('_')) {
      throw invalid(`${name} is not a reserved field; custom field names cannot start with an underscore.`);
    }
    const field: FieldConfig = existing ?? {
      Name: name,
      Type: type,
      Search: { Facetable: false, Searchable: isStringType(type), Displayable: true, Sortable: false },
    };
    if (update.Search) {
      for (const flag of ['Facetable', 'Searchable', 'Displayable', 'Sortable'] as const) {
        if (typeof update.Search[flag] === 'boolean') field.Search[flag] = update.Search[flag];
      }
    }
    if (field.Search.Searchable && type !== 'STRING_VALUE' && type !== 'STRING_LIST_VALUE') {
      throw invalid(`The field ${name} is of type ${type}; only string fields can be searchable.`);
    }
    if (field.Search.Sortable && type === 'STRING_LIST_VALUE') {
      throw invalid(`The field ${name} is a string list; string lists cannot be sortable.`);
    }
    if (update.Relevance) field.Relevance = checkRelevance(name, type, update.Relevance);
    if (!existing) fields.push(field);
  }
  if (fields.length > MAX_FIELDS) throw invalid(`An index can have at most ${MAX_FIELDS} fields.`);
  const fresh = fields.filter((field) => field.Relevance?.Freshness === true);
  if (fresh.length > 1) throw invalid(`Freshness can be set on one date field only; it is set on ${fresh.map((field) => field.Name).join(' and ')}.`);
  return fields;
}

/** Whether fields of a type hold text: Kendra makes those searchable by default, numbers and dates not. */
function isStringType(type: FieldType): boolean {
  return type === 'STRING_VALUE' || type === 'STRING_LIST_VALUE';
}

function checkRelevance(name: string, type: FieldType, relevance: Relevance): FieldConfig['Relevance'] {
  if (relevance.Freshness !== undefined && type !== 'DATE_VALUE') {
    throw invalid(`Freshness applies to date fields; ${name} is of type ${type}.`);
  }
  if (relevance.Duration !== undefined && type !== 'DATE_VALUE') {
    throw invalid(`Duration applies to date fields; ${name} is of type ${type}.`);
  }
  if (relevance.RankOrder !== undefined && type !== 'LONG_VALUE') {
    throw invalid(`RankOrder applies to long fields; ${name} is of type ${type}.`);
  }
  if (relevance.ValueImportanceMap !== undefined && type !== 'STRING_VALUE' && type !== 'STRING_LIST_VALUE') {
    throw invalid(`ValueImportanceMap applies to string fields; ${name} is of type ${type}.`);
  }
  return { ...relevance };
}

/** The fields of an index by name. */
export function fieldMap(fields: readonly FieldConfig[]): Map<string, FieldConfig> {
  return new Map(fields.map((field) => [field.Name, field]));
}
