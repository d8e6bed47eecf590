import type { XmlElement } from '@goalhost/model';

/**
 * Where Maven 3.8.7's super POM declares what it gives every model, as help:effective-pom
 * -Dverbose names it: the model id below and these line numbers (recorded with Maven's project
 * builder, test/support/help-oracle). An element tree with only the located elements.
 */
export const SUPER_POM_ID = 'org.apache.maven:maven-model-builder:3.8.7:super-pom';
/** The lifecycle mappings' plugins, executions and goals: Maven gives them no line. */
export const LIFECYCLE_BINDINGS_ID = 'org.apache.maven:maven-core:3.8.7:default-lifecycle-bindings';
/** The site plugin's report plugins, converted from the reporting section: no line either. */
export const REPORTING_CONVERTER_ID = 'org.apache.maven:maven-model-builder:3.8.7:reporting-converter';

type Spec = readonly [name: string, line: number, text: string] | readonly [name: string, children: readonly Spec[]];

const repository = (name: string, first: number, policies: readonly Spec[]): Spec => [
  name,
  [
    ['id', first, 'central'],
    ['name', first + 1, 'Central Repository'],
    ['url', first + 2, 'https://repo.maven.apache.org/maven2'],
    ...policies,
  ],
];
const managed = (artifactId: string, line: number, version: string): Spec => [
  'plugin',
  [
    ['artifactId', line, artifactId],
    ['version', line + 1, version],
  ],
];

const SPEC: Spec = [
  'project',
  [
    ['repositories', [repository('repository', 28, [['snapshots', [['enabled', 33, 'false']]]])]],
    [
      'pluginRepositories',
      [
        repository('pluginRepository', 40, [
          ['snapshots', [['enabled', 45, 'false']]],
          ['releases', [['updatePolicy', 48, 'never']]],
        ]),
      ],
    ],
    [
      'build',
      [
        ['directory', 54, ''],
        ['outputDirectory', 55, ''],
        ['finalName', 56, ''],
        ['testOutputDirectory', 57, ''],
        ['sourceDirectory', 58, ''],
        ['scriptSourceDirectory', 59, ''],
        ['testSourceDirectory', 60, ''],
        ['resources', [['resource', [['directory', 63, '']]]]],
        ['testResources', [['testResource', [['directory', 68, '']]]]],
        [
          'pluginManagement',
          [
            [
              'plugins',
              [
                managed('maven-antrun-plugin', 76, '1.3'),
                managed('maven-assembly-plugin', 80, '2.2-beta-5'),
                managed('maven-dependency-plugin', 84, '2.8'),
                managed('maven-release-plugin', 88, '2.5.3'),
              ],
            ],
          ],
        ],
      ],
    ],
    ['reporting', [['outputDirectory', 96, '']]],
  ],
];

function element(spec: Spec): XmlElement {
  const [name, second] = spec;
  if (typeof second === 'number')
    return { name, attributes: {}, children: [], text: spec[2] as string, line: second, column: 0 };
  return { name, attributes: {}, children: second.map(element), text: '', line: 0, column: 0 };
}

let cached: XmlElement | undefined;

/** The super POM's located elements (see SPEC). */
export function superPomLocations(): XmlElement {
  cached ??= element(SPEC);
  return cached;
}
