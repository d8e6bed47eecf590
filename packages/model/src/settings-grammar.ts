import type { ModelGrammar } from './modello-grammar';

/**
 * The elements of settings.xml (settings model 1.2.0) as Maven 3.8's SettingsXpp3Reader reads
 * them, from settings.mdo: classes with their fields, superclass and the root's `xmlns`.
 */
export const SETTINGS_GRAMMAR: ModelGrammar = {
  root: 'settings',
  rootClass: 'Settings',
  classes: {
    TrackableBase: { fields: {} },
    IdentifiableBase: { extends: 'TrackableBase', fields: { id: 'text' } },
    Settings: {
      extends: 'TrackableBase',
      attributes: ['xmlns'],
      fields: {
        localRepository: 'text',
        interactiveMode: 'text',
        usePluginRegistry: 'text',
        offline: 'text',
        proxies: ['list', 'proxy', 'Proxy'],
        servers: ['list', 'server', 'Server'],
        mirrors: ['list', 'mirror', 'Mirror'],
        profiles: ['list', 'profile', 'Profile'],
        activeProfiles: ['strings', 'activeProfile'],
        pluginGroups: ['strings', 'pluginGroup'],
      },
    },
    Proxy: {
      extends: 'IdentifiableBase',
      fields: {
        active: 'text',
        protocol: 'text',
        username: 'text',
        password: 'text',
        port: 'int',
        host: 'text',
        nonProxyHosts: 'text',
      },
    },
    Server: {
      extends: 'IdentifiableBase',
      fields: {
        username: 'text',
        password: 'text',
        privateKey: 'text',
        passphrase: 'text',
        filePermissions: 'text',
        directoryPermissions: 'text',
        configuration: 'dom',
      },
    },
    Mirror: {
      extends: 'IdentifiableBase',
      fields: { mirrorOf: 'text', name: 'text', url: 'text', layout: 'text', mirrorOfLayouts: 'text', blocked: 'text' },
    },
    Profile: {
      extends: 'IdentifiableBase',
      fields: {
        activation: ['class', 'Activation'],
        properties: 'properties',
        repositories: ['list', 'repository', 'Repository'],
        pluginRepositories: ['list', 'pluginRepository', 'Repository'],
      },
    },
    Activation: {
      fields: {
        activeByDefault: 'text',
        jdk: 'text',
        os: ['class', 'ActivationOS'],
        property: ['class', 'ActivationProperty'],
        file: ['class', 'ActivationFile'],
      },
    },
    RepositoryBase: { fields: { id: 'text', name: 'text', url: 'text', layout: 'text' } },
    Repository: {
      extends: 'RepositoryBase',
      fields: { releases: ['class', 'RepositoryPolicy'], snapshots: ['class', 'RepositoryPolicy'] },
    },
    RepositoryPolicy: { fields: { enabled: 'text', updatePolicy: 'text', checksumPolicy: 'text' } },
    ActivationProperty: { fields: { name: 'text', value: 'text' } },
    ActivationOS: { fields: { name: 'text', family: 'text', arch: 'text', version: 'text' } },
    ActivationFile: { fields: { missing: 'text', exists: 'text' } },
  },
};
