import * as path from 'node:path';
import type { GoalContext } from '@goalhost/api';
import { MAX_SIZE_PROPERTY, parseMaxSize } from './size-limit';
import { storeOptions, type StoreOptions } from './store/store-options';

/** What an unpack goal takes from the build beside its own selection and layout parameters. */
export interface GoalUnpackSettings {
  readonly outputDirectory: string;
  readonly markersDirectory: string;
  /** The zip-bomb guard, in bytes. */
  readonly maxSize: number;
  readonly store: StoreOptions;
}

/**
 * The output and marker directories (the plugin's defaults under the build directory when the
 * parameters are unset), resolved against the project; the size limit and the store from the
 * build's properties, a -D property first, then the POM's <properties>.
 */
export function goalUnpackSettings(
  context: Pick<GoalContext, 'project' | 'session'>,
  configured: { readonly outputDirectory?: string; readonly markersDirectory?: string },
): GoalUnpackSettings {
  const { project, session } = context;
  const property = (name: string): string | undefined => session.userProperties[name] ?? project.properties[name];
  const inBuild = (name: string): string => path.join(project.build.directory, name);
  return {
    outputDirectory: path.resolve(project.basedir, configured.outputDirectory ?? inBuild('dependency')),
    markersDirectory: path.resolve(
      project.basedir,
      configured.markersDirectory ?? inBuild('dependency-maven-plugin-markers'),
    ),
    maxSize: parseMaxSize(property(MAX_SIZE_PROPERTY)),
    store: storeOptions(property, session.localRepository, project.basedir),
  };
}
