import * as fs from 'node:fs';
import * as path from 'node:path';
import { descriptorFromGoals, type GoalhostPlugin } from '@goalhost/api';
import { BuildError, type PluginRegistry } from '@goalhost/core';
import { INPUT_KINDS, readInputFile, type PluginDescriptor } from '@goalhost/model';
import { isInside, realPath } from '@goalhost/resolver';
import { readDescriptorCached } from './descriptor-cache';

/** Plugins shipped with goalhost, registered exactly as third-party plugins are. */
export const BUILT_IN_PLUGINS = [
  '@goalhost/plugin-clean',
  '@goalhost/plugin-help',
  '@goalhost/plugin-dependency',
  '@goalhost/plugin-cxx',
];

/** The property naming extra plugin modules (comma list of npm packages or paths). */
export const PLUGINS_PROPERTY = 'goalhost.plugins';

/** A plugin module to register and who named it (`-Dgoalhost.plugins on the command line`, `<goalhost.plugins> in /p/pom.xml`...). */
export interface PluginModule {
  readonly spec: string;
  readonly origin: string;
}

/** The only files goalhost loads as code. */
const CODE_FILE = /\.(c|m)?js$/;
const ALLOWED =
  'name a .js, .cjs or .mjs file outside the local repository, or an npm package installed in node_modules';

/**
 * Registers a plugin module: an npm package name resolved from `fromDir`, or a path relative to
 * it. A package whose package.json names its descriptor (`"goalhost": { "descriptor": "plugin.xml" }`)
 * is registered from that descriptor alone and loaded only when one of its goals runs; any
 * other module is loaded now and must export `plugin` (or a default export), a GoalhostPlugin.
 * The module is resolved and checked first (see resolveModule), whenever it is loaded.
 */
export function registerPluginModule(
  registry: PluginRegistry,
  module: PluginModule,
  fromDir: string,
  localRepository: string,
): void {
  const { spec } = module;
  const resolved = resolveModule(module, fromDir, localRepository);
  const manifest = declaredDescriptor(spec, fromDir);
  if (manifest) {
    registry.registerLazy(manifest.descriptor, spec, () => loadPlugin(spec, resolved));
    return;
  }
  const plugin = loadPlugin(spec, resolved);
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
  const manifest = JSON.parse(readInputFile(manifestFile, 'The package.json', INPUT_KINDS.configuration)) as {
    goalhost?: { descriptor?: string };
  };
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

/**
 * The file a plugin module is loaded from, only if goalhost may load it: a path must name a
 * .js, .cjs or .mjs file; a package name has no `.`/`..` segment (it cannot walk out of
 * node_modules) and its entry point must be such a file; and the real file (symbolic links
 * resolved) is never inside the local repository, where everything came from a repository.
 */
function resolveModule(module: PluginModule, fromDir: string, localRepository: string): string {
  const { spec, origin } = module;
  const refuse = (why: string): BuildError =>
    new BuildError(`Refusing to load plugin module '${spec}' named by ${origin}: ${why}; ${ALLOWED}`);
  const local = spec.startsWith('.') || path.isAbsolute(spec);
  if (local && !CODE_FILE.test(spec)) throw refuse('a plugin path must end in .js, .cjs or .mjs');
  if (!local && spec.split(/[/\\]/).some((s) => s === '.' || s === '..'))
    throw refuse("an npm package name has no '.' or '..' segment");
  let resolved: string;
  try {
    resolved = require.resolve(local ? path.resolve(fromDir, spec) : spec, { paths: [fromDir, __dirname] });
  } catch {
    throw new BuildError(
      `Cannot find plugin module '${spec}' named by ${origin} (looked ${local ? `at ${path.resolve(fromDir, spec)}` : `in node_modules from ${fromDir}`}); ` +
        `install it with npm or fix the ${PLUGINS_PROPERTY} property`,
    );
  }
  const real = realPath(resolved);
  if (!CODE_FILE.test(real)) throw refuse(`it resolves to ${real}, which is not a .js, .cjs or .mjs file`);
  if (isInside(real, localRepository)) {
    throw refuse(
      `${real} is inside the local repository ${localRepository}, whose files come from repositories and are never loaded as code`,
    );
  }
  return real;
}
