import type { ModelProblem } from '../errors';
import { javaHashMapOrder } from '../java-hash-order';
import { SUPER_POM_MANAGED_PLUGINS } from './super-pom';
import { pluginKey, type WorkingModel, type WorkingPlugin } from './working-model';

/**
 * Maven's model builder warns about each build plugin that no POM of the lineage (super POM first)
 * gives a version, in plugins or pluginManagement, in the order of its HashMap; the place is the
 * last declaration seen. (The version itself is resolved later, from the plugin repositories:
 * see plugin-version-resolver.ts.)
 */
export function warnMissingPluginVersions(lineage: readonly WorkingModel[], problems: ModelProblem[]): void {
  const versions = new Map<string, string | undefined>();
  const declarations = new Map<string, WorkingPlugin>();
  const managed = new Set(SUPER_POM_MANAGED_PLUGINS);
  for (let i = lineage.length - 1; i >= 0; i--) {
    const build = lineage[i].build;
    for (const p of build.plugins) {
      const key = pluginKey(p);
      if (versions.get(key) !== undefined) continue;
      versions.set(key, p.version);
      declarations.set(key, p);
    }
    for (const p of build.pluginManagement) if (p.version !== undefined) managed.add(pluginKey(p));
  }
  for (const key of javaHashMapOrder([...versions.keys()])) {
    if (versions.get(key) !== undefined || managed.has(key)) continue;
    const p = declarations.get(key)!;
    problems.push({
      severity: 'WARNING',
      message: `'build.plugins.plugin.version' for ${key} is missing.`,
      modelId: p.origin?.id ?? '',
      ...(p.origin?.file ? { source: p.origin.file } : {}),
      ...(p.line !== undefined ? { line: p.line, column: p.column } : {}),
    });
  }
}
