import * as fs from 'node:fs';
import * as path from 'node:path';
import { descriptorFromGoals, type GoalhostPlugin } from '@goalhost/api';
import { BuildError, type PluginRegistry } from '@goalhost/core';
import { readPluginDescriptor, type PluginDescriptor } from '@goalhost/model';

/** Plugins shipped with goalhost, registered exactly as third-party plugins are. */
export const BUILT_IN_PLUGINS = ['@goalhost/plugin-clean', '@goalhost/plugin-help', '@goalhost/plugin-dependency', '@goalhost/plugin-cxx'];

/** The property naming extra plugin modules (comma list of npm packages or paths). */
export const PLUGINS_PROPERTY = 'goalhost.plugins';

/**
 * Loads a plugin module (an npm package name resolved from `fromDir`, or a path relative to
 * it) and registers it. The module exports `plugin` (or a default export) of type GoalhostPlugin.
 */
export function registerPluginModule(registry: PluginRegistry, spec: string, fromDir: string): void {
  const resolved = resolveModule(spec, fromDir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(resolved) as Record<string, unknown>;
  const plugin = (exports.plugin ?? exports.default ?? exports) as GoalhostPlugin;
  if (!plugin || !Array.isArray(plugin.goals) || typeof plugin.goalPrefix !== 'string') {
    throw new BuildError(
      `Module '${spec}' (${resolved}) is not a goalhost plugin: it must export 'plugin' (or a default export) ` +
        `with groupId, artifactId, version, goalPrefix and goals`,
    );
  }
  registry.register(plugin, descriptorOf(plugin, spec), spec);
}

/** The plugin's descriptor: read from its plugin.xml when it names one, else built from its decorators. */
export function descriptorOf(plugin: GoalhostPlugin, source: string): PluginDescriptor {
  if (typeof plugin.descriptor === 'string') {
    let text: string;
    try {
      text = fs.readFileSync(plugin.descriptor, 'utf8');
    } catch (e) {
      throw new BuildError(`Plugin ${source}: cannot read its descriptor ${plugin.descriptor}: ${(e as Error).message}`);
    }
    return readPluginDescriptor(text, plugin.descriptor);
  }
  return plugin.descriptor ?? descriptorFromGoals(plugin, { packageName: source, source });
}

function resolveModule(spec: string, fromDir: string): string {
  const local = spec.startsWith('.') || path.isAbsolute(spec);
  try {
    return require.resolve(local ? path.resolve(fromDir, spec) : spec, { paths: [fromDir, __dirname] });
  } catch {
    throw new BuildError(
      `Cannot find plugin module '${spec}' (looked ${local ? `at ${path.resolve(fromDir, spec)}` : `in node_modules from ${fromDir}`}); ` +
        `install it with npm or fix the ${PLUGINS_PROPERTY} property`,
    );
  }
}
