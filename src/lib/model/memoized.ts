/**
 * A base for model objects that carry derived per-object data (serializer plans, validators):
 * computed once on first use, then reused for every call.
 */
export class Memoized {
  #slots: Map<symbol, unknown> | undefined;

  /**
   * Returns the value stored under `key`, building and storing it first when absent. The value
   * is stored before later calls can see it, so a builder may hand out closures that look the
   * same key up again lazily (recursive shapes).
   */
  memo<T>(key: symbol, build: () => T): T {
    const slots = (this.#slots ??= new Map());
    if (slots.has(key)) return slots.get(key) as T;
    const value = build();
    slots.set(key, value);
    return value;
  }
}
