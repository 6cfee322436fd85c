/**
 * A map that holds at most `limit` keys, evicting the least recently used one (a `get` or `set`
 * counts as a use) when a new key would exceed the limit.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly limit: number) {}

  /** The value of `key` (marking it most recently used), or undefined. */
  get(key: string): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value of `key`, evicting the least recently used key when full. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Removes `key`. */
  delete(key: string): void {
    this.entries.delete(key);
  }
}
