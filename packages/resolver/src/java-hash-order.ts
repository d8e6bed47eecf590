/** String.hashCode of Java (UTF-16 code units, 32-bit wrap-around). */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The order in which a java.util.HashMap with default settings iterates string keys put in the
 * given order: by bucket of the final table (16 doubled while size exceeds 3/4 of it), then by
 * insertion within a bucket. Maven prints some lists in this order.
 */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  const distinct = [...new Set(keys)];
  let capacity = 16;
  while (distinct.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string): number => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return distinct
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((e) => e.k);
}
