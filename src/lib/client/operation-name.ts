/** `CreateIndex` → `createIndex`: the sync method of an operation (`createIndexAsync` the async one). */
export function methodName(operation: string): string {
  return operation.charAt(0).toLowerCase() + operation.slice(1);
}

/** `IndexActive` or `indexActive` → `IndexActive`. */
export function capitalize(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
