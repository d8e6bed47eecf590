import type { Mirror, RawRepository, Settings } from '@goalhost/model';
import { settingsProfiles } from '../resolver-config';
import { aggregateRepositories, fromRaw, type RemoteRepository } from '../transport';
import type { BuiltModel } from './model-building';
import { superModel } from './super-pom';

/**
 * The remote repositories of projects, as Maven's project building sets them up: a project's own
 * (mirrors applied), then those of the active settings profiles and the super POM.
 */
export class ProjectRepositories {
  /** Repositories from active settings profiles and the super POM, mirrors applied. */
  readonly base: RemoteRepository[];
  /** Plugin repositories from active settings profiles and the super POM, mirrors applied. */
  readonly basePlugins: RemoteRepository[];
  private readonly mirrors: readonly Mirror[];

  constructor(settings: Settings) {
    this.mirrors = settings.mirrors;
    const active = settingsProfiles(settings).filter(
      (p) => settings.activeProfiles.includes(p.id) || p.activation?.activeByDefault === 'true',
    );
    const declared = [...active.flatMap((p) => p.base.repositories), ...superModel().base.repositories].map(fromRaw);
    this.base = aggregateRepositories([], declared, this.mirrors, true);
    const declaredPlugin = [
      ...active.flatMap((p) => p.base.pluginRepositories),
      ...superModel().base.pluginRepositories,
    ].map(fromRaw);
    this.basePlugins = aggregateRepositories([], declaredPlugin, this.mirrors, true);
  }

  /** The remote repositories a project's dependencies and artifacts resolve from. */
  of(built: BuiltModel): RemoteRepository[] {
    const own = aggregateRepositories([], built.model.repositories.map(fromRaw), this.mirrors, true);
    return aggregateRepositories(own, this.base, this.mirrors, false);
  }

  /** Maven's remote plugin repositories of a project: its own (mirrored), then the settings' and the super POM's. */
  pluginsOf(built: BuiltModel): RemoteRepository[] {
    const own = aggregateRepositories([], built.model.pluginRepositories.map(fromRaw), this.mirrors, true);
    return aggregateRepositories(own, this.basePlugins, this.mirrors, false);
  }

  /** The repositories a parent or import is looked up in: the ones its child declares first. */
  withDeclared(context: readonly RemoteRepository[], declared: readonly RawRepository[]): readonly RemoteRepository[] {
    if (declared.length === 0) return context;
    const own = aggregateRepositories([], declared.map(fromRaw), this.mirrors, true);
    return aggregateRepositories(own, context, this.mirrors, false);
  }
}
