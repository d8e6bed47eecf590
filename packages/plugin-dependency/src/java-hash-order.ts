/**
 * The iteration order of a java.util.HashSet, which several maven-dependency-plugin goals print
 * their artifacts in: buckets by the spread hash modulo the table size (16, doubled whenever
 * the set grows past three quarters of it), insertion order within a bucket.
 */
export function javaHashSetOrder<T>(
  items: readonly T[],
  hash: (item: T) => number,
  equals: (a: T, b: T) => boolean,
): T[] {
  const kept: Array<{ item: T; hash: number }> = [];
  for (const item of items) {
    const h = hash(item);
    // HashSet.add keeps the element already there.
    if (!kept.some((k) => k.hash === h && equals(k.item, item))) kept.push({ item, hash: h });
  }
  let size = 16;
  while (kept.length > size * 0.75) size *= 2;
  const bucket = (h: number): number => (h ^ (h >>> 16)) & (size - 1);
  return kept
    .map((k, i) => ({ ...k, i, b: bucket(k.hash) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((k) => k.item);
}

/** java.lang.String.hashCode over UTF-16 code units. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** org.apache.maven.artifact.DefaultArtifact.hashCode: groupId, artifactId, type, version, classifier. */
export function mavenArtifactHash(a: {
  groupId: string;
  artifactId: string;
  type: string;
  version?: string;
  classifier?: string;
}): number {
  let r = 17;
  r = (Math.imul(37, r) + javaStringHash(a.groupId)) | 0;
  r = (Math.imul(37, r) + javaStringHash(a.artifactId)) | 0;
  r = (Math.imul(37, r) + javaStringHash(a.type)) | 0;
  if (a.version !== undefined) r = (Math.imul(37, r) + javaStringHash(a.version)) | 0;
  r = (Math.imul(37, r) + (a.classifier ? javaStringHash(a.classifier) : 0)) | 0;
  return r;
}

/** DefaultArtifact.equals: the same coordinates and type. */
export function sameMavenArtifact(
  a: { groupId: string; artifactId: string; type: string; version?: string; classifier?: string },
  b: { groupId: string; artifactId: string; type: string; version?: string; classifier?: string },
): boolean {
  return (
    a.groupId === b.groupId &&
    a.artifactId === b.artifactId &&
    a.type === b.type &&
    a.version === b.version &&
    (a.classifier ?? '') === (b.classifier ?? '')
  );
}
