import type { RawActivation } from './pom-reader';
import type { Repository } from './project';

export interface Server {
  readonly id: string;
  readonly username?: string;
  /** As written in settings.xml: possibly `{...}` encrypted; decrypt with the security module. */
  readonly password?: string;
  readonly privateKey?: string;
  readonly passphrase?: string;
}

export interface Mirror {
  readonly id: string;
  readonly url: string;
  readonly mirrorOf: string;
  readonly layout?: string;
  /** Layouts this mirror serves (default `default,legacy`). */
  readonly mirrorOfLayouts?: string;
  readonly blocked?: boolean;
}

/** A `<proxy>` of settings.xml, with Maven's defaults (active, http, port 8080). */
export interface Proxy {
  readonly id: string;
  readonly active: boolean;
  /** The scheme of the repositories it serves (`http` also serves `https`, through CONNECT). */
  readonly protocol: string;
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  /** As written in settings.xml: possibly `{...}` encrypted. */
  readonly password?: string;
  /** `|`-separated host patterns (`*` wildcards) reached directly. */
  readonly nonProxyHosts?: string;
}

export interface SettingsProfile {
  readonly id: string;
  readonly activeByDefault: boolean;
  readonly properties: Readonly<Record<string, string>>;
  readonly repositories: readonly Repository[];
  readonly pluginRepositories?: readonly Repository[];
  /** `<activation>` as written (activeByDefault is also in `activeByDefault`). */
  readonly activation?: RawActivation;
}

/** The merged user (and global) settings.xml. */
export interface Settings {
  /** Path of the settings.xml read, if any. */
  readonly file?: string;
  readonly localRepository?: string;
  readonly offline: boolean;
  readonly interactiveMode: boolean;
  readonly servers: readonly Server[];
  readonly mirrors: readonly Mirror[];
  readonly proxies: readonly Proxy[];
  readonly profiles: readonly SettingsProfile[];
  readonly activeProfiles: readonly string[];
  readonly pluginGroups: readonly string[];
  /**
   * What Maven warns about after reading the files, `message @ file, line L, column C` (an
   * element or attribute its strict reader does not know, global settings first).
   */
  readonly warnings?: readonly string[];
}

export const EMPTY_SETTINGS: Settings = {
  offline: false,
  interactiveMode: true,
  servers: [],
  mirrors: [],
  proxies: [],
  profiles: [],
  activeProfiles: [],
  pluginGroups: [],
};
