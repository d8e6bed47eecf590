import type { Log, Session } from '@goalhost/api';
import { BuildError } from '@goalhost/core';
import type { Project, PropertyDeclaration } from '@goalhost/model';
import { PLUGINS_PROPERTY, type PluginModule } from './plugin-loader';
import { ON_COMMAND_LINE } from './project-config';

/** Where plugin modules may be named, for the messages that refuse the other places. */
const WHO_MAY = `name plugin modules with -D${PLUGINS_PROPERTY} (command line, MAVEN_ARGS or .mvn/maven.config) or in the <properties> of the reactor's own POM files on disk`;

/**
 * The plugin modules a build registers, and who named each. The trust boundary: only the user
 * (`-Dgoalhost.plugins` on the command line, in MAVEN_ARGS or in .mvn/maven.config) and the
 * reactor's own POM files on disk (the project's pom.xml and the parents read from disk by
 * relativePath, with their active profiles) name code to load. A value that anything else put
 * into the effective model (a parent or its profile from a repository, a settings.xml profile)
 * is ignored with a warning; a `${...}` in a value on disk is completed only with user, system and
 * on-disk properties, so a repository POM cannot choose the module through a property either.
 */
export function pluginModules(
  session: Session,
  propertyOrigins: Readonly<Record<string, string>>,
  project: Project | undefined,
  log: Log,
): PluginModule[] {
  const modules: PluginModule[] = [];
  const add = (list: string, origin: string): void => {
    for (const spec of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      modules.push({ spec, origin });
  };
  const user = session.userProperties[PLUGINS_PROPERTY];
  if (user !== undefined) add(user, `-D${PLUGINS_PROPERTY} ${propertyOrigins[PLUGINS_PROPERTY] ?? ON_COMMAND_LINE}`);
  if (!project) return modules;
  const disk = project.diskProperty?.(PLUGINS_PROPERTY);
  if (disk) {
    const unresolved = /\$\{[^}]*\}/.exec(disk.value);
    if (unresolved) {
      throw new BuildError(
        `${element(disk.declaration)} refers to ${unresolved[0]}, which neither the user (-D, MAVEN_ARGS, .mvn/maven.config) nor the ` +
          "reactor's POM files on disk define: a plugin module is never chosen by a value from a repository POM; define it in one of those places",
      );
    }
    add(disk.value, element(disk.declaration));
  }
  const effective = project.properties[PLUGINS_PROPERTY];
  if (effective !== undefined && effective !== disk?.value) {
    const winner = project.propertyDeclaration?.(PLUGINS_PROPERTY);
    const instead = disk ? `; the value on disk (${disk.value}) is used` : '';
    log.warn(
      `Ignoring ${PLUGINS_PROPERTY}=${effective} of ${project.groupId}:${project.artifactId}:${project.version}${ignoredBecause(winner)}${instead}; ${WHO_MAY}`,
    );
  }
  return modules;
}

/** `<goalhost.plugins> in /p/pom.xml`, with the profile when a profile declares it. */
function element(d: PropertyDeclaration): string {
  return `<${PLUGINS_PROPERTY}>${d.profile ? ` of profile '${d.profile}'` : ''} in ${d.file ?? d.source}`;
}

function ignoredBecause(d: PropertyDeclaration | undefined): string {
  if (!d) return '';
  const by = `${d.profile ? `profile '${d.profile}' of ` : ''}${d.source}${d.file ? ` (${d.file})` : ''}`;
  if (d.origin === 'repository') return ` set by ${by}: a POM from a repository never names code to load`;
  if (d.origin === 'settings') return ` set by ${by}: a settings.xml profile never names code to load`;
  return `: ${by} writes ${d.value}, completed here with properties from outside the reactor's POM files on disk`;
}
