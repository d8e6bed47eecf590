import * as path from 'node:path';
import { parseXml, type Plugin, type Project, type XmlElement } from '@goalhost/model';

/** A Project literal for host tests (the resolver's tests cover building it from XML). */
export function projectWith(plugins: Plugin[], extra: Partial<Project> = {}, pluginManagement: Plugin[] = []): Project {
  const basedir = '/work/proj';
  const directory = path.join(basedir, 'target');
  return {
    groupId: 'org.example',
    artifactId: 'demo',
    version: '1.0',
    packaging: 'pom',
    file: path.join(basedir, 'pom.xml'),
    basedir,
    properties: {},
    dependencies: [],
    dependencyManagement: [],
    repositories: [],
    modules: [],
    activeProfiles: [],
    build: {
      directory,
      outputDirectory: path.join(directory, 'classes'),
      testOutputDirectory: path.join(directory, 'test-classes'),
      sourceDirectory: path.join(basedir, 'src/main/java'),
      finalName: 'demo-1.0',
      plugins,
      pluginManagement,
    },
    ...extra,
  };
}

export function xml(text: string): XmlElement {
  return parseXml(text, 'test.xml');
}
