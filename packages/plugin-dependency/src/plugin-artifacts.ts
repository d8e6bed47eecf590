import type { Project, XmlNode } from '@goalhost/model';
import { javaHashSetOrder, mavenArtifactHash, sameMavenArtifact } from './java-hash-order';

/** A plugin of the build as MavenProject's plugin and report artifacts give it (type maven-plugin, scope runtime). */
export interface PluginArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly type: 'maven-plugin';
  readonly scope: 'runtime';
}

/**
 * The report plugins then the build plugins (those the packaging's lifecycles bind included), each
 * in the order of the HashSet MavenProject keeps them in, as resolve-plugins and go-offline see them.
 */
export function pluginArtifacts(project: Project): PluginArtifact[] {
  const model = project.effectiveModel?.();
  const plugins = (section: string): PluginArtifact[] => {
    const container = child(child(model, section), 'plugins');
    const found = (container?.children ?? [])
      .filter((c) => c.name === 'plugin')
      .map((p) => ({
        groupId: text(p, 'groupId') ?? 'org.apache.maven.plugins',
        artifactId: text(p, 'artifactId') ?? '',
        version: text(p, 'version') ?? '',
        type: 'maven-plugin' as const,
        scope: 'runtime' as const,
      }));
    return javaHashSetOrder(found, mavenArtifactHash, sameMavenArtifact);
  };
  const all: PluginArtifact[] = [];
  for (const p of [...plugins('reporting'), ...plugins('build')])
    if (!all.some((q) => sameMavenArtifact(p, q))) all.push(p);
  return all;
}

function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children?.find((c) => c.name === name);
}

function text(node: XmlNode, name: string): string | undefined {
  const c = child(node, name);
  return c?.text ?? undefined;
}
