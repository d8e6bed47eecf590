import { observedExists } from '../file-observations';
import * as path from 'node:path';
import { ownValue, type RawActivation } from '@goalhost/model';
import { compareVersions } from '../version';

export interface ActivationContext {
  readonly activeProfileIds: readonly string[];
  readonly inactiveProfileIds: readonly string[];
  /** `-D` properties plus the properties of active settings profiles. */
  readonly userProperties: Readonly<Record<string, string>>;
  readonly systemProperties: Readonly<Record<string, string>>;
  /** Directory of the POM being built; undefined for POMs from repositories. */
  readonly projectDir?: string;
}

interface Activatable {
  readonly id: string;
  readonly activation?: RawActivation;
}

/**
 * Maven's profile selection: a profile is active when named with -P (and not disabled with
 * -P !id) or when every activation condition it declares holds. `activeByDefault` POM profiles
 * are active only when no other profile of the same POM is.
 */
export function selectProfiles<T extends Activatable>(
  profiles: readonly T[],
  ctx: ActivationContext,
  fromPom: boolean,
): T[] {
  const active: T[] = [];
  const byDefault: T[] = [];
  let explicit = false;
  for (const p of profiles) {
    if (ctx.inactiveProfileIds.includes(p.id)) continue;
    if (ctx.activeProfileIds.includes(p.id) || isActive(p.activation, ctx)) {
      active.push(p);
      if (fromPom) explicit = true;
    } else if (p.activation?.activeByDefault === 'true') {
      if (fromPom) byDefault.push(p);
      else active.push(p);
    }
  }
  return explicit ? active : [...active, ...byDefault];
}

function isActive(a: RawActivation | undefined, ctx: ActivationContext): boolean {
  if (!a) return false;
  const checks: boolean[] = [];
  if (a.jdk !== undefined && a.jdk !== '')
    checks.push(jdkMatches(a.jdk, ownValue(ctx.systemProperties, 'java.version') ?? '17'));
  if (a.os && (a.os.name || a.os.family || a.os.arch || a.os.version))
    checks.push(osMatches(a.os, ctx.systemProperties));
  if (a.property && a.property.name) checks.push(propertyMatches(a.property.name, a.property.value, ctx));
  if (a.file && (a.file.exists || a.file.missing)) checks.push(fileMatches(a.file, ctx));
  return checks.length > 0 && checks.every(Boolean);
}

function propertyMatches(rawName: string, rawValue: string | undefined, ctx: ActivationContext): boolean {
  const reverseName = rawName.startsWith('!');
  const name = reverseName ? rawName.slice(1) : rawName;
  const actual = ownValue(ctx.userProperties, name) ?? ownValue(ctx.systemProperties, name);
  if (rawValue === undefined || rawValue === '') {
    const defined = actual !== undefined && actual !== '';
    return reverseName ? !defined : defined;
  }
  const reverseValue = rawValue.startsWith('!');
  const value = reverseValue ? rawValue.slice(1) : rawValue;
  const equal = value === actual;
  return reverseValue ? !equal : equal;
}

function jdkMatches(spec: string, javaVersion: string): boolean {
  const reverse = spec.startsWith('!');
  const s = reverse ? spec.slice(1) : spec;
  let result: boolean;
  if (/^[[(]/.test(s)) result = inRanges(s, javaVersion);
  else result = javaVersion.startsWith(s);
  return reverse ? !result : result;
}

/** `[1.8,11)`, `(,17]`, `[1.8,)`; several ranges separated by commas between brackets. */
function inRanges(spec: string, version: string): boolean {
  const ranges = spec.match(/[[(][^\])]*[\])]/g) ?? [];
  return ranges.some((r) => {
    const lowerInclusive = r.startsWith('[');
    const upperInclusive = r.endsWith(']');
    const [lo, hi] = r
      .slice(1, -1)
      .split(',')
      .map((x) => x.trim());
    if (hi === undefined) return compareVersions(version, lo) === 0 || version.startsWith(lo);
    if (lo) {
      const c = compareVersions(version, lo);
      if (c < 0 || (c === 0 && !lowerInclusive)) return false;
    }
    if (hi) {
      const c = compareVersions(version, hi);
      if (c > 0 || (c === 0 && !upperInclusive)) return false;
    }
    return true;
  });
}

function osMatches(os: NonNullable<RawActivation['os']>, sys: Readonly<Record<string, string>>): boolean {
  const name = (sys['os.name'] ?? 'Linux').toLowerCase();
  const arch = (sys['os.arch'] ?? 'amd64').toLowerCase();
  const version = (sys['os.version'] ?? '').toLowerCase();
  const test = (spec: string | undefined, fn: (v: string) => boolean): boolean => {
    if (!spec) return true;
    const neg = spec.startsWith('!');
    const r = fn((neg ? spec.slice(1) : spec).toLowerCase());
    return neg ? !r : r;
  };
  return (
    test(os.family, (f) => familyMatches(f, name)) &&
    test(os.name, (n) => n === name) &&
    test(os.arch, (a) => a === arch) &&
    test(os.version, (v) => v === version)
  );
}

function familyMatches(family: string, name: string): boolean {
  const windows = name.includes('windows');
  switch (family) {
    case 'windows':
      return windows;
    case 'unix':
      return (
        (path.sep === '/' && !name.includes('mac') && !name.includes('os/2') && !name.includes('netware')) ||
        name.includes('mac os x') ||
        name.includes('linux')
      );
    case 'mac':
      return name.includes('mac');
    case 'dos':
      return path.sep === '\\' && !name.includes('netware') && !windows;
    case 'win9x':
      return windows && /95|98|me|ce/.test(name);
    case 'os/2':
      return name.includes('os/2');
    case 'netware':
      return name.includes('netware');
    case 'z/os':
      return name.includes('z/os') || name.includes('os/390');
    case 'os/400':
      return name.includes('os/400');
    case 'openvms':
      return name.includes('openvms');
    case 'tandem':
      return name.includes('nonstop_kernel');
    default:
      return name.includes(family);
  }
}

function fileMatches(file: NonNullable<RawActivation['file']>, ctx: ActivationContext): boolean {
  const missing = !file.exists;
  const raw = (file.exists || file.missing) as string;
  let p = raw.replace(/\$\{(project\.)?basedir\}/g, () => ctx.projectDir ?? '${basedir}');
  p = p.replace(
    /\$\{([^}]+)\}/g,
    (whole, name: string) => ownValue(ctx.userProperties, name) ?? ownValue(ctx.systemProperties, name) ?? whole,
  );
  if (p.includes('${')) return false;
  if (!path.isAbsolute(p) && ctx.projectDir) p = path.resolve(ctx.projectDir, p);
  const exists = observedExists(p);
  return missing ? !exists : exists;
}
