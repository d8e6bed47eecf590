import type { ModelGrammar } from './modello-grammar';

/**
 * The elements of a POM (model version 4.0.0) as Maven 3.8's MavenXpp3Reader reads them: each
 * class of maven.mdo with the fields of that version (transient ones left out), its XML
 * attributes, aliases and superclass. `xmlns` on the root is accepted as the reader does.
 */
export const POM_GRAMMAR: ModelGrammar = {
  root: 'project',
  rootClass: 'Model',
  classes: {
    Model: {
      extends: 'ModelBase',
      attributes: ['xmlns', 'child.project.url.inherit.append.path'],
      fields: {
        modelVersion: 'text', parent: ['class', 'Parent'], groupId: 'text', artifactId: 'text', version: 'text', packaging: 'text',
        name: 'text', description: 'text', url: 'text', inceptionYear: 'text', organization: ['class', 'Organization'],
        licenses: ['list', 'license', 'License'], developers: ['list', 'developer', 'Developer'],
        contributors: ['list', 'contributor', 'Contributor'], mailingLists: ['list', 'mailingList', 'MailingList'],
        prerequisites: ['class', 'Prerequisites'], scm: ['class', 'Scm'], issueManagement: ['class', 'IssueManagement'],
        ciManagement: ['class', 'CiManagement'], build: ['class', 'Build'], profiles: ['list', 'profile', 'Profile'],
      },
      aliases: { organisation: 'organization' },
    },
    ModelBase: {
      fields: {
        modules: ['strings', 'module'], distributionManagement: ['class', 'DistributionManagement'], properties: 'properties',
        dependencyManagement: ['class', 'DependencyManagement'], dependencies: ['list', 'dependency', 'Dependency'],
        repositories: ['list', 'repository', 'Repository'], pluginRepositories: ['list', 'pluginRepository', 'Repository'], reports: 'dom',
        reporting: ['class', 'Reporting'],
      },
    },
    PluginContainer: { fields: { plugins: ['list', 'plugin', 'Plugin'] } },
    PluginConfiguration: { extends: 'PluginContainer', fields: { pluginManagement: ['class', 'PluginManagement'] } },
    BuildBase: {
      extends: 'PluginConfiguration',
      fields: {
        defaultGoal: 'text', resources: ['list', 'resource', 'Resource'], testResources: ['list', 'testResource', 'Resource'],
        directory: 'text', finalName: 'text', filters: ['strings', 'filter'],
      },
    },
    Build: {
      extends: 'BuildBase',
      fields: {
        sourceDirectory: 'text', scriptSourceDirectory: 'text', testSourceDirectory: 'text', outputDirectory: 'text',
        testOutputDirectory: 'text', extensions: ['list', 'extension', 'Extension'],
      },
    },
    CiManagement: { fields: { system: 'text', url: 'text', notifiers: ['list', 'notifier', 'Notifier'] } },
    Notifier: {
      fields: {
        type: 'text', sendOnError: 'text', sendOnFailure: 'text', sendOnSuccess: 'text', sendOnWarning: 'text', address: 'text',
        configuration: 'properties',
      },
    },
    Contributor: {
      fields: {
        name: 'text', email: 'text', url: 'text', organization: 'text', organizationUrl: 'text', roles: ['strings', 'role'],
        timezone: 'text', properties: 'properties',
      },
      aliases: { organisation: 'organization', organisationUrl: 'organizationUrl' },
    },
    Dependency: {
      fields: {
        groupId: 'text', artifactId: 'text', version: 'text', type: 'text', classifier: 'text', scope: 'text', systemPath: 'text',
        exclusions: ['list', 'exclusion', 'Exclusion'], optional: 'text',
      },
    },
    Developer: { extends: 'Contributor', fields: { id: 'text' } },
    Exclusion: { fields: { groupId: 'text', artifactId: 'text' } },
    IssueManagement: { fields: { system: 'text', url: 'text' } },
    DistributionManagement: {
      fields: {
        repository: ['class', 'DeploymentRepository'], snapshotRepository: ['class', 'DeploymentRepository'], site: ['class', 'Site'],
        downloadUrl: 'text', relocation: ['class', 'Relocation'], status: 'text',
      },
    },
    License: { fields: { name: 'text', url: 'text', distribution: 'text', comments: 'text' } },
    MailingList: {
      fields: { name: 'text', subscribe: 'text', unsubscribe: 'text', post: 'text', archive: 'text', otherArchives: ['strings', 'otherArchive'] },
    },
    Organization: { fields: { name: 'text', url: 'text' } },
    PatternSet: { fields: { includes: ['strings', 'include'], excludes: ['strings', 'exclude'] } },
    Parent: { fields: { groupId: 'text', artifactId: 'text', version: 'text', relativePath: 'text' } },
    Scm: {
      attributes: ['child.scm.connection.inherit.append.path', 'child.scm.developerConnection.inherit.append.path', 'child.scm.url.inherit.append.path'],
      fields: { connection: 'text', developerConnection: 'text', tag: 'text', url: 'text' },
    },
    FileSet: { extends: 'PatternSet', fields: { directory: 'text' } },
    Resource: { extends: 'FileSet', fields: { targetPath: 'text', filtering: 'text' } },
    RepositoryBase: { fields: { id: 'text', name: 'text', url: 'text', layout: 'text' } },
    Repository: { extends: 'RepositoryBase', fields: { releases: ['class', 'RepositoryPolicy'], snapshots: ['class', 'RepositoryPolicy'] } },
    DeploymentRepository: { extends: 'Repository', fields: { uniqueVersion: 'text' } },
    RepositoryPolicy: { fields: { enabled: 'text', updatePolicy: 'text', checksumPolicy: 'text' } },
    Site: { attributes: ['child.site.url.inherit.append.path'], fields: { id: 'text', name: 'text', url: 'text' } },
    ConfigurationContainer: { fields: { inherited: 'text', configuration: 'dom' } },
    Plugin: {
      extends: 'ConfigurationContainer',
      fields: {
        groupId: 'text', artifactId: 'text', version: 'text', extensions: 'text', executions: ['list', 'execution', 'PluginExecution'],
        dependencies: ['list', 'dependency', 'Dependency'], goals: 'dom',
      },
    },
    PluginExecution: { extends: 'ConfigurationContainer', fields: { id: 'text', phase: 'text', goals: ['strings', 'goal'] } },
    DependencyManagement: { fields: { dependencies: ['list', 'dependency', 'Dependency'] } },
    PluginManagement: { extends: 'PluginContainer', fields: {} },
    Reporting: { fields: { excludeDefaults: 'text', outputDirectory: 'text', plugins: ['list', 'plugin', 'ReportPlugin'] } },
    Profile: { extends: 'ModelBase', fields: { id: 'text', activation: ['class', 'Activation'], build: ['class', 'BuildBase'] } },
    Activation: {
      fields: {
        activeByDefault: 'text', jdk: 'text', os: ['class', 'ActivationOS'], property: ['class', 'ActivationProperty'],
        file: ['class', 'ActivationFile'],
      },
    },
    ActivationProperty: { fields: { name: 'text', value: 'text' } },
    ActivationOS: { fields: { name: 'text', family: 'text', arch: 'text', version: 'text' } },
    ActivationFile: { fields: { missing: 'text', exists: 'text' } },
    ReportPlugin: {
      extends: 'ConfigurationContainer',
      fields: { groupId: 'text', artifactId: 'text', version: 'text', reportSets: ['list', 'reportSet', 'ReportSet'] },
    },
    ReportSet: { extends: 'ConfigurationContainer', fields: { id: 'text', reports: ['strings', 'report'] } },
    Prerequisites: { fields: { maven: 'text' } },
    Relocation: { fields: { groupId: 'text', artifactId: 'text', version: 'text', message: 'text' } },
    Extension: { fields: { groupId: 'text', artifactId: 'text', version: 'text' } },
  },
};
