import type { FixtureRepo } from './fixture-repo';

/**
 * Small projects for dependency:tree -Dverbose, each written into a FixtureRepo (artifacts and
 * project POM). Their expected trees were recorded with real Maven 3.8.7 and
 * maven-dependency-plugin 3.5.0 (test/resolver/verbose-tree.test.ts).
 */
export const VERBOSE_SCENARIOS: Record<string, (f: FixtureRepo) => void> = {
  /** Duplicates, and conflicts won by the nearer or the first-declared version. */
  'duplicates-and-conflicts': (f) => {
    f.artifact('v1:a:1.0', { dependencies: ['v1:c:1.0', 'v1:x:2.0'] })
      .artifact('v1:b:1.0', { dependencies: ['v1:c:1.0', 'v1:d:1.0'] })
      .artifact('v1:d:1.0', { dependencies: ['v1:c:2.0', 'v1:y:1.0'] })
      .artifact('v1:e:1.0', { dependencies: ['v1:y:2.0', 'v1:x:1.0'] })
      .artifact('v1:c:1.0')
      .artifact('v1:c:2.0', { dependencies: ['v1:z:1.0'] })
      .artifact('v1:x:1.0')
      .artifact('v1:x:2.0')
      .artifact('v1:y:1.0')
      .artifact('v1:y:2.0')
      .artifact('v1:z:1.0');
    f.projectPom('v1:root:1.0', { dependencies: ['v1:a:1.0', 'v1:b:1.0', 'v1:x:1.0', 'v1:e:1.0'] });
  },
  /** Versions and scopes set by dependencyManagement, also on omitted nodes. */
  'managed-versions-and-scopes': (f) => {
    f.artifact('v2:a:1.0', { dependencies: ['v2:c:1.0', 'v2:e:1.0', { gav: 'v2:s:1.0', scope: 'runtime' }] })
      .artifact('v2:b:1.0', { dependencies: ['v2:c:2.0', 'v2:e:2.0', 'v2:s:1.0', 'v2:m:1.0'] })
      .artifact('v2:c:1.0')
      .artifact('v2:c:2.0')
      .artifact('v2:c:3.0')
      .artifact('v2:e:1.0')
      .artifact('v2:e:2.0')
      .artifact('v2:s:1.0')
      .artifact('v2:m:1.0');
    f.projectPom('v2:root:1.0', {
      managed: [
        { gav: 'v2:c:3.0', scope: 'runtime' },
        'v2:e:2.0',
        { gav: 'v2:s:1.0', scope: 'provided' },
        { gav: 'v2:m:1.0', scope: 'compile' },
      ],
      dependencies: ['v2:a:1.0', 'v2:b:1.0'],
    });
  },
  /** A direct test/provided dependency also needed at compile or runtime scope further down. */
  'scope-not-updated': (f) => {
    f.artifact('v3:a:1.0', { dependencies: ['v3:t:1.0', 'v3:p:1.0', { gav: 'v3:r:1.0', scope: 'runtime' }] })
      .artifact('v3:t:1.0', { dependencies: ['v3:u:1.0'] })
      .artifact('v3:p:1.0')
      .artifact('v3:r:1.0')
      .artifact('v3:u:1.0');
    f.projectPom('v3:root:1.0', {
      dependencies: [
        { gav: 'v3:t:1.0', scope: 'test' },
        'v3:a:1.0',
        { gav: 'v3:p:1.0', scope: 'provided' },
        { gav: 'v3:r:1.0', scope: 'test' },
      ],
    });
  },
  /**
   * Scope strings compared by Java reference: a written `runtime` or `compile` is not the
   * constant the scope selector picks.
   */
  'written-scopes': (f) => {
    f.artifact('v4:a:1.0', {
      dependencies: [
        { gav: 'v4:d:1.0', scope: 'runtime' },
        { gav: 'v4:x:1.0', scope: 'compile' },
      ],
    })
      .artifact('v4:b:1.0', { dependencies: ['v4:d:1.0', 'v4:x:1.0'] })
      .artifact('v4:c:1.0', { dependencies: ['v4:x:1.0'] })
      .artifact('v4:d:1.0')
      .artifact('v4:d:3.0')
      .artifact('v4:x:1.0');
    f.projectPom('v4:root:1.0', {
      managed: ['v4:d:3.0'],
      dependencies: ['v4:a:1.0', { gav: 'v4:b:1.0', scope: 'test' }, { gav: 'v4:c:1.0', scope: 'runtime' }],
    });
  },
  /** Optional, exclusions, system and provided dependencies. */
  'optional-exclusions-system': (f) => {
    const jar = f.file('lib/sys.jar');
    f.artifact('v5:a:1.0', { dependencies: ['v5:c:1.0', { gav: 'v5:o:1.0', optional: true }, 'v5:k:1.0'] })
      .artifact('v5:b:1.0', { dependencies: ['v5:c:1.0', 'v5:k:1.0', 'v5:q:1.0'] })
      .artifact('v5:c:1.0')
      .artifact('v5:k:1.0')
      .artifact('v5:o:1.0')
      .artifact('v5:q:1.0', { dependencies: ['v5:o:1.0'] })
      .artifact('v5:s:1.0', { dependencies: ['v5:c:1.0'] });
    f.projectPom('v5:root:1.0', {
      dependencies: [
        { gav: 'v5:a:1.0', optional: true },
        { gav: 'v5:b:1.0', scope: 'provided', exclusions: ['v5:k'] },
        { gav: 'v5:s:1.0', scope: 'system', systemPath: jar },
        { gav: 'v5:c:1.0', scope: 'runtime' },
      ],
    });
  },
  /** A direct fixed version overruled by a range further down, and ranges that agree. */
  ranges: (f) => {
    f.artifact('v6:a:1.0', { dependencies: ['v6:x:[2.0,3.0)', 'v6:y:[1.0,)'] })
      .artifact('v6:b:1.0', { dependencies: ['v6:y:1.5'] })
      .artifact('v6:x:1.0')
      .artifact('v6:x:2.0')
      .artifact('v6:x:2.5')
      .artifact('v6:y:1.0')
      .artifact('v6:y:1.5');
    f.file('repo/v6/x/maven-metadata-local.xml', metadata('v6', 'x', ['1.0', '2.0', '2.5']));
    f.file('repo/v6/y/maven-metadata-local.xml', metadata('v6', 'y', ['1.0', '1.5']));
    f.projectPom('v6:root:1.0', { dependencies: ['v6:x:1.0', 'v6:a:1.0', 'v6:b:1.0'] });
  },
  /**
   * Equal dependencies share one object in Maven (its collector interns them): the first one
   * seen decides whether the scope string is a written one or the default.
   */
  'interned-dependencies': (f) => {
    f.artifact('v8:m:1.0', { dependencies: [{ gav: 'v8:bb:1.0', scope: 'compile' }, 'v8:cc:1.0'] })
      .artifact('v8:i:1.0', { dependencies: ['v8:bb:1.0', { gav: 'v8:cc:1.0', scope: 'compile' }] })
      .artifact('v8:bb:1.0')
      .artifact('v8:cc:1.0');
    f.projectPom('v8:root:1.0', { dependencies: [{ gav: 'v8:m:1.0', scope: 'test' }, 'v8:i:1.0'] });
  },
  /** A dependency cycle, and a relocated artifact in conflict with its new name. */
  'cycles-and-relocations': (f) => {
    f.artifact('v10:a:1.0', { dependencies: ['v10:b:1.0'] })
      .artifact('v10:b:1.0', { dependencies: ['v10:a:1.0', 'v10:new:2.0'] })
      .artifact('v10:old:1.0', { relocation: { artifactId: 'new' }, files: [] })
      .artifact('v10:new:1.0', { dependencies: ['v10:b:1.0'] })
      .artifact('v10:new:2.0')
      .artifact('v10:c:1.0', { dependencies: [{ gav: 'v10:old:1.0', scope: 'runtime' }] });
    f.projectPom('v10:root:1.0', { dependencies: ['v10:a:1.0', 'v10:c:1.0', { gav: 'v10:old:1.0', scope: 'test' }] });
  },
  /** A direct range narrowed by a range further down; a direct range that wins as it is. */
  'direct-ranges': (f) => {
    f.artifact('v7:a:1.0', { dependencies: ['v7:x:[2.0,2.2]', 'v7:y:1.0', 'v7:b:1.0'] })
      .artifact('v7:b:1.0', { dependencies: ['v7:x:2.5'] })
      .artifact('v7:x:1.0')
      .artifact('v7:x:2.0', { dependencies: ['v7:z:1.0'] })
      .artifact('v7:x:2.5', { dependencies: ['v7:z:2.0'] })
      .artifact('v7:y:1.0')
      .artifact('v7:y:2.0')
      .artifact('v7:z:1.0')
      .artifact('v7:z:2.0');
    f.file('repo/v7/x/maven-metadata-local.xml', metadata('v7', 'x', ['1.0', '2.0', '2.5']));
    f.file('repo/v7/y/maven-metadata-local.xml', metadata('v7', 'y', ['1.0', '2.0']));
    f.projectPom('v7:root:1.0', {
      dependencies: ['v7:x:[1.0,3.0)', 'v7:a:1.0', { gav: 'v7:y:[1.0,3.0)', scope: 'runtime' }],
    });
  },
};

function metadata(groupId: string, artifactId: string, versions: readonly string[]): string {
  return (
    `<metadata><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><versioning><versions>` +
    `${versions.map((v) => `<version>${v}</version>`).join('')}</versions><lastUpdated>20240101000000</lastUpdated></versioning></metadata>\n`
  );
}
