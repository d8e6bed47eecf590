import type { ModelGrammar } from './modello-grammar';

/**
 * The elements of toolchains.xml (toolchains model 1.1.0) as Maven 3.8's MavenToolchainsXpp3Reader
 * reads them, from toolchains.mdo: `<toolchain>` elements repeated under the root, each with a
 * type, what it provides and a free-form configuration.
 */
export const TOOLCHAINS_GRAMMAR: ModelGrammar = {
  root: 'toolchains',
  rootClass: 'PersistedToolchains',
  classes: {
    TrackableBase: { fields: {} },
    PersistedToolchains: {
      extends: 'TrackableBase',
      attributes: ['xmlns'],
      fields: { toolchain: ['flat', 'ToolchainModel'] },
    },
    ToolchainModel: {
      extends: 'TrackableBase',
      fields: { type: 'text', provides: 'properties', configuration: 'dom' },
    },
  },
};
