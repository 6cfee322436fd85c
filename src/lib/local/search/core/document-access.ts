/** A principal of an access control list, as the model has it. */
export interface AccessPrincipal {
  Name: string;
  Type: string;
  Access: string;
  DataSourceId?: string;
}

/**
 * Who may see a document: its flat access control list, its hierarchical one (a list of
 * principal lists, one per level), or the access control configuration whose lists apply.
 */
export interface DocumentAccess {
  list: AccessPrincipal[];
  hierarchy: AccessPrincipal[][];
  configurationId: string | null;
}

/**
 * The stored form of a document's access (the `acl` column): `null` when the document is
 * public, the plain principal list when it has only a flat list, else an object with
 * `acl`, `hierarchy` and `configurationId`.
 */
export function encodeAccess(
  list: readonly AccessPrincipal[] | undefined,
  hierarchy: ReadonlyArray<{ PrincipalList: readonly AccessPrincipal[] }> | undefined,
  configurationId: string | undefined,
): unknown {
  const levels = (hierarchy ?? []).map((level) => [...level.PrincipalList]);
  if (configurationId === undefined && levels.length === 0) return list && list.length > 0 ? [...list] : null;
  return {
    ...(list && list.length > 0 ? { acl: [...list] } : {}),
    ...(levels.length > 0 ? { hierarchy: levels } : {}),
    ...(configurationId !== undefined ? { configurationId } : {}),
  };
}

/** A document's access from its stored form; `null` for a public document. */
export function decodeAccess(stored: string | null): DocumentAccess | null {
  if (stored === null) return null;
  const value = JSON.parse(stored) as unknown;
  if (Array.isArray(value)) return value.length > 0 ? { list: value as AccessPrincipal[], hierarchy: [], configurationId: null } : null;
  const object = value as { acl?: AccessPrincipal[]; hierarchy?: AccessPrincipal[][]; configurationId?: string };
  return { list: object.acl ?? [], hierarchy: object.hierarchy ?? [], configurationId: object.configurationId ?? null };
}

/** The access control configuration a document's stored access refers to, if any. */
export function configurationIdOf(stored: unknown): string | null {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return null;
  const id = (stored as { configurationId?: unknown }).configurationId;
  return typeof id === 'string' ? id : null;
}
