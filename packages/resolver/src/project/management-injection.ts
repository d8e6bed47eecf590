import { ArtifactResolutionError } from '../errors';
import { ModelBuildingFailure, UNRESOLVABLE_MODEL, type BuiltModel, type ModelBuilding } from './model-building';
import { managementKey, type WorkingDependency, type WorkingModel } from './working-model';

/** The effective model of a BOM in the repositories, built with the chain of imports that led to it. */
/** Reads an imported BOM (with a copy of the importing model's resolver). */
export type ReadBom = (
  groupId: string,
  artifactId: string,
  version: string,
  importChain: readonly string[],
) => Promise<BuiltModel>;

/** Replaces `<scope>import</scope>` BOM entries by their managed dependencies (own entries first). */
export async function importManagement<R>(
  model: WorkingModel,
  id: string,
  building: ModelBuilding<R>,
  readBom: ReadBom,
): Promise<void> {
  const req = building.request;
  const problems = building.problems;
  const imports = model.dependencyManagement.filter((d) => d.type === 'pom' && d.scope === 'import');
  if (imports.length === 0) return;
  model.dependencyManagement = model.dependencyManagement.filter((d) => !imports.includes(d));
  const chain = [...req.importChain, id];
  const imported: WorkingDependency[][] = [];
  for (const d of imports) {
    const prefix = "'dependencyManagement.dependencies.dependency.";
    const key = managementKey(d);
    const missing = (['groupId', 'artifactId', 'version'] as const).find((f) => !d[f]);
    const at = {
      modelId: d.origin.id,
      ...(d.origin.file ? { source: d.origin.file } : {}),
      line: d.line,
      column: d.column,
    };
    if (missing) {
      problems.push({ severity: 'ERROR', message: `${prefix}${missing}' for ${key} is missing.`, ...at });
      continue;
    }
    const bom = `${d.groupId}:${d.artifactId}:${d.version}`;
    if (chain.includes(bom)) {
      problems.push({
        severity: 'ERROR',
        message: `The dependencies of type=pom and with scope=import form a cycle: ${[...chain, bom].join(' -> ')}`,
        modelId: id,
      });
      continue;
    }
    try {
      const built = await readBom(d.groupId!, d.artifactId!, d.version!, chain);
      imported.push(built.model.dependencyManagement);
      building.sources.push(...built.sources);
    } catch (e) {
      if (e instanceof ArtifactResolutionError) {
        building.unresolvable ??= e;
        const mentions = e.message.includes(`${d.groupId}:${d.artifactId}`);
        problems.push({
          severity: 'ERROR',
          message: `Non-resolvable import POM${mentions ? '' : ` ${bom}`}: ${e.message}`,
          ...at,
          mavenException: UNRESOLVABLE_MODEL,
        });
      } else if (e instanceof ModelBuildingFailure) {
        building.unresolvable ??= e.unresolvable;
        problems.push(...e.problems.filter((p) => p.severity !== 'WARNING'));
      } else throw e;
    }
  }
  const byKey = new Map(model.dependencyManagement.map((m) => [managementKey(m), m] as const));
  for (const list of imported) for (const m of list) if (!byKey.has(managementKey(m))) byKey.set(managementKey(m), m);
  model.dependencyManagement = [...byKey.values()];
}

/** dependencyManagement fills in what a declared dependency leaves out. */
export function injectDependencyManagement(model: WorkingModel): void {
  if (model.dependencyManagement.length === 0) return;
  const deps = new Map(model.dependencies.map((d) => [managementKey(d), d] as const));
  for (const m of model.dependencyManagement) {
    const d = deps.get(managementKey(m));
    if (!d) continue;
    if (d.version === undefined && m.version !== undefined) d.versionFrom = m;
    d.version ??= m.version;
    if (d.scope === undefined && m.scope !== undefined) d.scopeFrom = m.scopeFrom;
    d.scope ??= m.scope;
    d.systemPath ??= m.systemPath;
    // Maven's model builder never manages <optional> (its resolver does, below the project's own dependencies).
    if (d.exclusions.length === 0 && m.exclusions.length > 0) d.exclusions = m.exclusions.map((x) => ({ ...x }));
    for (const f of ['version', 'scope', 'systemPath'] as const) if (d[f] === undefined) delete d[f];
  }
}

/** Maven's model normalizer: `compile` (a Java literal) where no scope is written. */
export function injectDefaultScopes(model: WorkingModel): void {
  for (const d of model.dependencies) {
    if (!d.scope) {
      d.scope = 'compile';
      d.scopeFrom = undefined;
    }
  }
}
