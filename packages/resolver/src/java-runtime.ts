import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile } from '@goalhost/model';

/** The Java runtime `mvn` would run on, as Java reports it in system properties. */
export interface JavaRuntime {
  /** `java.home`: the runtime's directory, symbolic links resolved (what the JVM computes). */
  readonly home: string;
  /** `java.version` (from the runtime's `release` file). */
  readonly version?: string;
  /** `java.vendor` (the `release` file's IMPLEMENTOR). */
  readonly vendor?: string;
}

/**
 * The runtime Maven's launcher script picks: `$JAVA_HOME/bin/java` when JAVA_HOME is set, else
 * the first `java` on PATH. Its `java.home` is the directory above the real `bin/java` (Java
 * resolves links: `/usr/bin/java` gives `/usr/lib/jvm/java-17-openjdk-amd64`). Undefined when
 * there is no Java: then POMs see an empty `${java.home}`.
 */
export function findJavaRuntime(env: Record<string, string | undefined>): JavaRuntime | undefined {
  const exe = process.platform === 'win32' ? 'java.exe' : 'java';
  const candidates = env.JAVA_HOME
    ? [path.join(env.JAVA_HOME, 'bin', exe)]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter((d) => d !== '')
        .map((d) => path.join(d, exe));
  for (const candidate of candidates) {
    let real: string;
    try {
      real = fs.realpathSync(candidate);
      if (!fs.statSync(real).isFile()) continue;
    } catch {
      continue;
    }
    const home = path.dirname(path.dirname(real));
    return { home, ...readRelease(home) };
  }
  return undefined;
}

/** JAVA_VERSION and IMPLEMENTOR of the `release` file (a JDK 8 `jre` has it one level up). */
function readRelease(home: string): { version?: string; vendor?: string } {
  for (const dir of [home, path.dirname(home)]) {
    let text: string;
    try {
      text = readInputFile(path.join(dir, 'release'), 'The Java release file', INPUT_KINDS.configuration);
    } catch {
      continue;
    }
    const value = (key: string): string | undefined => new RegExp(`^${key}="([^"]*)"`, 'm').exec(text)?.[1];
    const version = value('JAVA_VERSION');
    const vendor = value('IMPLEMENTOR');
    return { ...(version ? { version } : {}), ...(vendor ? { vendor } : {}) };
  }
  return {};
}
