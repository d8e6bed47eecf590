import { ownValue } from '@goalhost/model';

/**
 * Maven's artifact handlers as the resolver sees them: a dependency `type` decides the file
 * extension, the default classifier, and whether the artifact already bundles its dependencies
 * (then they are not collected). Unknown types use the type as the extension.
 */
export interface ArtifactType {
  readonly id: string;
  readonly extension: string;
  readonly classifier: string;
  /** war, ear, rar, par: the archive contains its dependencies, so they are not traversed. */
  readonly includesDependencies: boolean;
  readonly addedToClasspath: boolean;
}

const KNOWN: Record<string, ArtifactType> = {};

function define(
  id: string,
  extension: string,
  classifier = '',
  includesDependencies = false,
  addedToClasspath = true,
): void {
  KNOWN[id] = { id, extension, classifier, includesDependencies, addedToClasspath };
}

define('pom', 'pom', '', false, false);
define('jar', 'jar');
define('maven-plugin', 'jar');
define('ejb', 'jar');
define('ejb-client', 'jar', 'client');
define('test-jar', 'jar', 'tests');
define('javadoc', 'jar', 'javadoc');
define('java-source', 'jar', 'sources', false, false);
define('war', 'war', '', true, false);
define('ear', 'ear', '', true, false);
define('rar', 'rar', '', true, false);
define('par', 'par', '', true, false);

export function artifactType(type: string): ArtifactType {
  return (
    ownValue(KNOWN, type) ?? {
      id: type,
      extension: type,
      classifier: '',
      includesDependencies: false,
      addedToClasspath: false,
    }
  );
}

/** The extension and classifier a dependency of `type` (with an optional explicit classifier) resolves to. */
export function fileCoordinates(type: string, classifier?: string): { extension: string; classifier: string } {
  const t = artifactType(type);
  return { extension: t.extension, classifier: classifier ? classifier : t.classifier };
}
