/**
 * Dictionaries keyed by names from POMs, settings, descriptors and the command line. Such a name
 * may be `constructor`, `toString` or `__proto__`: a plain object would answer those from
 * Object.prototype (a function where a string was expected), and assigning `__proto__` would
 * change the object's prototype instead of storing a value. Reads go through `ownValue`, and
 * dictionaries that receive such names are made with `dictionary`, which has no prototype.
 */

const hasOwn = Object.prototype.hasOwnProperty;

/** The value stored under `key` in the record itself, never one inherited from its prototype. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && hasOwn.call(record, key) ? record[key] : undefined;
}

/** True when the record itself holds `key`. */
export function hasOwnKey(record: Readonly<Record<string, unknown>> | undefined, key: string): boolean {
  return record !== undefined && hasOwn.call(record, key);
}

/** A dictionary without a prototype, filled from `entries` (later entries win). */
export function dictionary<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const result = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) result[key] = value;
  return result;
}
