import * as fs from 'node:fs';
import * as path from 'node:path';
import { descriptorFromGoals, type GoalhostPlugin } from '@goalhost/api';
import { BuildError, type PluginRegistry } from '@goalhost/core';
import { INPUT_KINDS, readInputFile, type PluginDescriptor } from '@goalhost/model';
import { readDescriptorCached } from './descriptor-cache';

/** Plugins shipped with goalhost, registered exactly as third-party plugins are. */
export const BUILT_IN_PLUGINS = ['@goalhost/plugin-clean', '@goalhost/plugin-help', '@goalhost/plugin-dependency', '@goalhost/plugin-cxx'];

/** The property naming extra plugin modules (comma list of npm packages or paths). */
export const PLUGINS_PROPERTY = 'goalhost.plugins';

/**
 * Registers a plugin module: an npm package name resolved from `fromDir`, or a path relative to
 * it. A package whose package.json names its descriptor (`"goalhost": { "descriptor": "plugin.xml" }`)
 * is registered from that descriptor alone and loaded only when one of its goals runs; any
 * other module is loaded now and must export `plugin` (or a default export), a GoalhostPlugin.
 */
export function registerPluginModule(registry: PluginRegistry, spec: string, fromDir: string): void {
  const manifest = declaredDescriptor(spec, fromDir);
  if (manifest) {
    registry.registerLazy(manifest.descriptor, spec, () => loadPlugin(spec, resolveModule(spec, fromDir)));
    return;
  }
  const plugin = loadPlugin(spec, resolveModule(spec, fromDir));
  registry.register(plugin, descriptorOf(plugin, spec), spec);
}

/** The descriptor a package declares in its package.json, read without loading its code. */
function declaredDescriptor(spec: string, fromDir: string): { descriptor: PluginDescriptor } | undefined {
  if (spec.startsWith('.') || path.isAbsolute(spec)) return undefined;
  let manifestFile: string;
  try {
    manifestFile = require.resolve(`${spec}/package.json`, { paths: [fromDir, __dirname] });
  } catch {
    return undefined;
  }
  const manifest = JSON.parse(readInputFile(manifestFile, 'The package.json', INPUT_KINDS.configuration)) as { goalhost?: { descriptor?: string } };
  const relative = manifest.goalhost?.descriptor;
  if (!relative) return undefined;
  const file = path.resolve(path.dirname(manifestFile), relative);
  return { descriptor: readDescriptorFile(file, spec) };
}

function loadPlugin(spec: string, resolved: string): GoalhostPlugin {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(resolved) as Record<string, unknown>;
  const plugin = (exports.plugin ?? exports.default ?? exports) as GoalhostPlugin;
  if (!plugin || !Array.isArray(plugin.goals) || typeof plugin.goalPrefix !== 'string') {
    throw new BuildError(
      `Module '${spec}' (${resolved}) is not a goalhost plugin: it must export 'plugin' (or a default export) ` +
        `with groupId, artifactId, version, goalPrefix and goals`,
    );
  }
  return plugin;
}

/** The plugin's descriptor: read from its plugin.xml when it names one, else built from its decorators. */
export function descriptorOf(plugin: GoalhostPlugin, source: string): PluginDescriptor {
  if (typeof plugin.descriptor === 'string') return readDescriptorFile(plugin.descriptor, source);
  return plugin.descriptor ?? descriptorFromGoals(plugin, { packageName: source, source });
}

function readDescriptorFile(file: string, source: string): PluginDescriptor {
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (e) {
    throw new BuildError(`Plugin ${source}: cannot read its descriptor ${file}: ${(e as Error).message}`);
  }
  return readDescriptorCached(file, () => readInputFile(file, 'The plugin descriptor', INPUT_KINDS.pluginDescriptor));
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
