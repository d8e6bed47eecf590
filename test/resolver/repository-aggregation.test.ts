import { expect } from 'chai';
import { aggregateRepositories, type RemoteRepository } from '@goalhost/resolver/internal';

/**
 * Maven's repository aggregation (RemoteRepositoryManager.aggregateRepositories): the dominant
 * list, then each recessive repository not already there by id, mirrored when raw. The collector
 * caches its keys and child pools per list, so an aggregation that adds nothing gives back the
 * dominant list itself.
 */
describe('resolver: repository aggregation', () => {
  const policy = { enabled: true };
  const repo = (id: string, url: string, mirrored: RemoteRepository[] = []): RemoteRepository => ({
    id,
    url,
    layout: 'default',
    releases: policy,
    snapshots: { enabled: false },
    mirrored,
    blocked: false,
  });
  const central = repo('central', 'https://repo.maven.apache.org/maven2');
  const mirrors = [{ id: 'corp', url: 'http://corp.example/maven', mirrorOf: '*' }];

  it('gives back the dominant list itself when every recessive repository is there through its mirror', () => {
    const dominant = [repo('corp', 'http://corp.example/maven', [central])];
    const got = aggregateRepositories(dominant, [central], mirrors, true);
    expect(got).to.equal(dominant);
  });

  it('adds a recessive repository the mirror does not stand for yet to what the mirror stands for', () => {
    const dominant = [repo('corp', 'http://corp.example/maven', [central])];
    const other = repo('other', 'http://other.example/repo');
    const got = aggregateRepositories(dominant, [central, other], mirrors, true);
    expect(got).to.not.equal(dominant);
    expect(got.map((r) => [r.id, r.mirrored.map((m) => m.id)])).to.deep.equal([['corp', ['central', 'other']]]);
  });

  it('appends a recessive repository of another id when there is no mirror', () => {
    const dominant = [central];
    const other = repo('other', 'http://other.example/repo');
    const got = aggregateRepositories(dominant, [other], [], true);
    expect(got.map((r) => r.id)).to.deep.equal(['central', 'other']);
  });
});
