import { GoalExecutionError } from '@goalhost/api';

/** A `<sourceTarget>`: `<dependency><groupId/><artifactId/>[<version/>]</dependency><targetDir/>`. */
export interface SourceTarget {
  readonly dependency?: { readonly groupId?: string; readonly artifactId?: string; readonly version?: string };
  readonly targetDir?: string;
}

/** What the target rules look at for one source dependency. */
export interface TargetDirSubject {
  /** `G:A:V:T`, for messages. */
  readonly id: string;
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly baseVersion: string;
  /** The dependency POM's `scm.dependencies.source.targetDir` (effective model). */
  readonly targetDirProperty?: string;
  /** The dependency POM file, for messages. */
  readonly pomFile: string;
}

export type TargetDirRule = 'sourceTargets' | 'property' | 'default';

export interface TargetDir {
  readonly dir: string;
  readonly rule: TargetDirRule;
  /** How the rule was applied, e.g. `sourceTargets entry for fr.neticoa:modulea`. */
  readonly because: string;
}

export const TARGET_DIR_PROPERTY = 'scm.dependencies.source.targetDir';

/**
 * The target directory of a source dependency, first match wins (as the original plugin):
 * 1. the first `sourceTargets` entry whose groupId and artifactId (and version, when given) match;
 * 2. the dependency POM's property `scm.dependencies.source.targetDir`;
 * 3. `groupId.artifactId` with the prefixes removed (dot form), then dots turned into slashes.
 * Each candidate then loses the configured prefixes (in order, once each) and one leading slash.
 */
export function computeTargetDir(
  subject: TargetDirSubject,
  sourceTargets: readonly SourceTarget[],
  removePrefixes: readonly string[],
): TargetDir {
  const strip = (value: string): string => {
    let result = value;
    for (const prefix of removePrefixes) if (prefix && result.startsWith(prefix)) result = result.slice(prefix.length);
    return result.startsWith('/') ? result.slice(1) : result;
  };
  const configured = sourceTargets.find((t) => matches(t, subject));
  if (configured) {
    const key = `${configured.dependency?.groupId}:${configured.dependency?.artifactId}`;
    if (!configured.targetDir?.trim()) {
      throw new GoalExecutionError(
        `The sourceTargets entry for ${key} has no <targetDir>: add <targetDir>relative/dir</targetDir> to that <sourceTarget> in the plugin configuration.`,
      );
    }
    const because = `sourceTargets entry for ${key} (<targetDir>${configured.targetDir}</targetDir>)`;
    return checked(subject, strip(configured.targetDir.trim()), 'sourceTargets', because);
  }
  const property = subject.targetDirProperty?.trim();
  if (property) {
    const because = `property ${TARGET_DIR_PROPERTY}=${property} of ${subject.pomFile}`;
    return checked(subject, strip(property), 'property', because);
  }
  let dotted = `${subject.groupId}.${subject.artifactId}`;
  for (const prefix of removePrefixes) if (prefix && dotted.startsWith(prefix)) dotted = dotted.slice(prefix.length);
  const because = `default rule groupId.artifactId${removePrefixes.length ? ` less prefixes [${removePrefixes.join(', ')}]` : ''}`;
  return checked(subject, strip(dotted.replace(/\./g, '/')), 'default', because);
}

function matches(target: SourceTarget, subject: TargetDirSubject): boolean {
  const d = target.dependency;
  if (!d || d.groupId?.trim() !== subject.groupId || d.artifactId?.trim() !== subject.artifactId) return false;
  const version = d.version?.trim();
  return !version || version === subject.version || version === subject.baseVersion;
}

/**
 * Normalises `a//b/./c/` to `a/b/c` and refuses what svn and git would refuse or what would land
 * outside the externals directory.
 */
function checked(subject: TargetDirSubject, candidate: string, rule: TargetDirRule, because: string): TargetDir {
  const fail = (why: string): never => {
    throw new GoalExecutionError(
      `Invalid target directory '${candidate}' for source dependency ${subject.id} (from the ${because}): ${why}. ` +
        'Give it a relative directory inside the externals directory, with a <sourceTarget> in the plugin configuration ' +
        `or the property ${TARGET_DIR_PROPERTY} in its POM.`,
    );
  };
  if (/[\\\0\r\n]/.test(candidate)) fail('backslashes and line breaks are not allowed (use / between directories)');
  if (candidate.startsWith('/')) fail('it is absolute');
  const parts = candidate.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) fail("it contains '..' and would escape the externals directory");
  if (parts.length === 0) fail('it is empty (it would be the externals directory itself)');
  if (parts[0].startsWith('-r')) fail("svn would read a directory starting with '-r' as a revision");
  if (parts.some((p) => p === '.git' || p === '.svn')) fail('it names a version-control metadata directory');
  return { dir: parts.join('/'), rule, because };
}
