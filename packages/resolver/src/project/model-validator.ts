import * as path from 'node:path';
import { tagEnd, type RawRepository } from '@goalhost/model';
import type { ModelProblem } from '../errors';
import { observedIsFile } from '../file-observations';
import { managementKey, type WorkingDependency, type WorkingModel } from './working-model';

const ID = /^[A-Za-z0-9_\-.]+$/;
const SCOPES = ['provided', 'compile', 'runtime', 'test', 'system'];

type Add = (severity: ModelProblem['severity'], message: string, d?: WorkingDependency, field?: string) => void;

/** Maven locates a problem at the field's element when written, else at the dependency. */
function locate(d: WorkingDependency, field?: string): { line: number; column: number } {
  const el = field ? d.element?.children.find((c) => c.name === field) : undefined;
  return el ? tagEnd(el) : { line: d.line, column: d.column };
}

function collector(problems: ModelProblem[], model: WorkingModel, modelId: string): Add {
  return (severity, message, dependency, field) => {
    // A managed version's problem is where the version was written (an imported BOM, say).
    const d = field === 'version' && dependency?.versionFrom ? dependency.versionFrom : dependency;
    problems.push({
      severity,
      message,
      modelId: d?.origin.id ?? modelId,
      ...((d?.origin.file ?? model.pomFile) ? { source: d?.origin.file ?? model.pomFile } : {}),
      ...(d ? locate(d, field) : {}),
    });
  };
}

/**
 * Problems Maven reports while reading one raw POM (duplicate dependencies, system paths inside the
 * project). Called before duplicates are merged.
 */
export function validateRawDependencies(
  deps: readonly WorkingDependency[],
  prefix: string,
  problems: ModelProblem[],
  modelId: string,
  file?: string,
): void {
  const seen = new Map<string, WorkingDependency>();
  for (const d of deps) {
    const key = managementKey(d);
    const at = { modelId: d.origin.id ?? modelId, ...(file ? { source: file } : {}), ...locate(d) };
    const atPath = { ...at, ...locate(d, 'systemPath') };
    if (d.scope === 'system' && d.systemPath) {
      if (!d.systemPath.includes('${')) {
        problems.push({
          severity: 'WARNING',
          message: `'${prefix}systemPath' for ${key} should use a variable instead of a hard-coded path ${d.systemPath}`,
          ...atPath,
        });
      } else if (d.systemPath.includes('${basedir}') || d.systemPath.includes('${project.basedir}')) {
        problems.push({
          severity: 'WARNING',
          message: `'${prefix}systemPath' for ${key} should not point at files within the project directory, ${d.systemPath} will be unresolvable by dependent projects`,
          ...atPath,
        });
      }
    }
    const existing = seen.get(key);
    if (existing) {
      const msg =
        existing.version === d.version
          ? `duplicate declaration of version ${d.version ?? '(?)'}`
          : `version ${existing.version ?? '(?)'} vs ${d.version ?? '(?)'}`;
      problems.push({
        severity: 'WARNING',
        message: `'${prefix}(groupId:artifactId:type:classifier)' must be unique: ${key} -> ${msg}`,
        ...at,
      });
    } else seen.set(key, d);
  }
}

/**
 * Maven's check of a raw POM (its coordinates and its dependencies' as written, a missing one
 * `null` as Java prints it) for a dependency on itself: a fatal problem, which ends the model's
 * building. True when it found one.
 */
export function validateRawSelfReference(
  model: { readonly groupId?: string; readonly artifactId?: string; readonly version?: string },
  deps: readonly WorkingDependency[],
  problems: ModelProblem[],
  modelId: string,
  file?: string,
): boolean {
  const own = `${model.groupId ?? null}:${model.artifactId ?? null}:${model.version ?? null}`;
  let found = false;
  for (const d of deps) {
    const key = `${d.groupId ?? null}:${d.artifactId ?? null}:${d.version ?? null}${d.classifier !== undefined ? `:${d.classifier}` : ''}`;
    if (key !== own) continue;
    problems.push({
      severity: 'FATAL',
      message: `'dependencies.dependency[${key}]' for ${key} is referencing itself.`,
      modelId,
      ...(file ? { source: file } : {}),
      ...locate(d),
    });
    found = true;
  }
  return found;
}

/**
 * Maven's checks of an effective model. `strict` is the level used for projects (Maven 3.0
 * validation); repository POMs get the minimal level, where fewer things are errors.
 */
export function validateEffectiveModel(
  model: WorkingModel,
  modelId: string,
  strict: boolean,
  problems: ModelProblem[],
): void {
  const add = collector(problems, model, modelId);
  if (strict) {
    for (const f of ['groupId', 'artifactId'] as const) {
      const v = model[f];
      if (!v) add('ERROR', `'${f}' is missing.`);
      else if (!ID.test(v)) {
        const at = model.idsAt[f];
        // A value inherited from a parent is located in the parent's POM, named by the parent's id.
        const from = at && at.origin.file !== model.pomFile ? at.origin : undefined;
        const source = from ? from.file : model.pomFile;
        problems.push({
          severity: 'ERROR',
          message: `'${f}' with value '${v}' does not match a valid id pattern.`,
          modelId: from?.id ?? modelId,
          ...(source ? { source } : {}),
          ...(at ? { line: at.line, column: at.column } : {}),
        });
      }
    }
    if (!model.version) add('ERROR', `'version' is missing.`);
    // A profile's modules join without duplicates: a duplicate is one of the POM's own list.
    const seen = new Set<string>();
    model.modules.forEach((m, i) => {
      if (seen.has(m)) {
        problems.push({
          severity: 'ERROR',
          message: `'modules.module[${i}]' specifies duplicate child module ${m}`,
          modelId,
          ...(model.pomFile ? { source: model.pomFile } : {}),
          ...(model.modulesAt?.[i] ?? {}),
        });
      }
      seen.add(m);
    });
    if (model.modules.length > 0 && model.packaging !== 'pom') {
      add(
        'ERROR',
        `'packaging' with value '${model.packaging}' is invalid. Aggregator projects require 'pom' as packaging.`,
      );
    }
  }
  const check = (deps: readonly WorkingDependency[], management: boolean): void => {
    const prefix = management ? 'dependencyManagement.dependencies.dependency.' : 'dependencies.dependency.';
    for (const d of deps) {
      const key = managementKey(d);
      for (const f of ['artifactId', 'groupId'] as const) {
        const v = d[f];
        if (!v) add('ERROR', `'${prefix}${f}' for ${key} is missing.`, d);
        else if (!ID.test(v))
          add('ERROR', `'${prefix}${f}' for ${key} with value '${v}' does not match a valid id pattern.`, d, f);
      }
      if (!management) {
        if (d.type === '') add('ERROR', `'${prefix}type' for ${key} is missing.`, d);
        if (!d.version) add('ERROR', `'${prefix}version' for ${key} is missing.`, d);
      }
      if (d.scope === 'system') {
        if (!d.systemPath) add('ERROR', `'${prefix}systemPath' for ${key} is missing.`, d);
        else if (!path.isAbsolute(d.systemPath))
          add(
            'ERROR',
            `'${prefix}systemPath' for ${key} must specify an absolute path but is ${d.systemPath}`,
            d,
            'systemPath',
          );
        else if (!isFile(d.systemPath))
          add(
            'WARNING',
            `'${prefix}systemPath' for ${key} refers to a non-existing file ${path.resolve(d.systemPath)}`,
            d,
            'systemPath',
          );
      } else if (d.systemPath) {
        add(
          'ERROR',
          `'${prefix}systemPath' for ${key} must be omitted. This field may only be specified for a dependency with system scope.`,
          d,
          'systemPath',
        );
      }
      if (!strict) continue;
      if (d.optional && !/^(true|false)$/i.test(d.optional))
        add('ERROR', `'${prefix}optional' for ${key} must be 'true' or 'false' but is '${d.optional}'.`, d, 'optional');
      const scopes = management ? [...SCOPES, 'import'] : SCOPES;
      if (d.scope && !scopes.includes(d.scope))
        add(
          'WARNING',
          `'${prefix}scope' for ${key} must be one of [${scopes.join(', ')}] but is '${d.scope}'.`,
          d,
          'scope',
        );
      if (!management && d.version) {
        if (d.version.includes('${'))
          add('ERROR', `'${prefix}version' for ${key} must be a valid version but is '${d.version}'.`, d, 'version');
        else {
          const bad = [...d.version].reverse().find((c) => '\\/:"<>|?*'.includes(c));
          if (bad)
            add(
              'ERROR',
              `'${prefix}version' for ${key} must not contain any of these characters \\/:"<>|?* but found ${bad}`,
              d,
              'version',
            );
        }
        const selfKey = `${d.groupId}:${d.artifactId}:${d.version}${d.classifier !== undefined ? `:${d.classifier}` : ''}`;
        if (selfKey === `${model.groupId}:${model.artifactId}:${model.version}`) {
          add('FATAL', `'${prefix}[${selfKey}]' for ${selfKey} is referencing itself.`, d);
        }
      }
    }
  };
  check(model.dependencies, false);
  check(model.dependencyManagement, true);
  if (strict) {
    warnLegacyLayouts(model.repositories, 'repositories.repository.', model, modelId, problems);
    warnLegacyLayouts(model.pluginRepositories, 'pluginRepositories.pluginRepository.', model, modelId, problems);
  }
}

/** Maven 3 has no connector for Maven 1's layout: its validator warns, transfers from such a repository fail. */
function warnLegacyLayouts(
  repositories: readonly RawRepository[],
  prefix: string,
  model: WorkingModel,
  modelId: string,
  problems: ModelProblem[],
): void {
  for (const r of repositories) {
    if (r.layout !== 'legacy') continue;
    problems.push({
      severity: 'WARNING',
      message: `'${prefix}layout' for ${r.id} uses the unsupported value 'legacy', artifact resolution might fail.`,
      modelId,
      ...(model.pomFile ? { source: model.pomFile } : {}),
      ...(r.layoutAt ?? {}),
    });
  }
}

function isFile(p: string): boolean {
  try {
    return observedIsFile(p);
  } catch {
    return false;
  }
}
