import type { Log, Session } from '@goalhost/api';
import type { PluginSupply } from '@goalhost/core';
import { BUILT_IN_PLUGINS, registerPluginModule } from './plugin-loader';
import { pluginModules } from './plugin-sources';

/**
 * The plugins of a build: goalhost's own, then the modules `-Dgoalhost.plugins` and the reactor's
 * own POM files name (see plugin-sources.ts for who may name code to load).
 */
export function pluginSupply(
  session: Session,
  propertyOrigins: Readonly<Record<string, string>>,
  log: Log,
): PluginSupply {
  return {
    registerBuiltIn(registry) {
      for (const spec of BUILT_IN_PLUGINS)
        registerPluginModule(registry, { spec, origin: 'goalhost itself' }, __dirname, session.localRepository);
    },
    registerNamed(registry, first, fromPom) {
      for (const module of pluginModules(session, propertyOrigins, fromPom ? first : undefined, log)) {
        if (!registry.all().some((p) => p.source === module.spec))
          registerPluginModule(registry, module, first.basedir, session.localRepository);
      }
    },
  };
}
