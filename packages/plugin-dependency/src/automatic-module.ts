import type { JarReader } from './jar-reader';
import { isTypeName, ModuleNameError, packageOf, requireQualifiedClassName, requireTypeName } from './java-names';

const SERVICES = 'META-INF/services/';
const VERSIONS = 'META-INF/versions/';
/** The Java feature release Maven runs on here (JDK 17): versioned entries above it are invisible. */
export const RUNTIME_VERSION = 17;

/**
 * The name the JDK (17) gives a jar without module-info.class as an automatic module, with every
 * check its ModulePath makes on the way: the Automatic-Module-Name or the name derived from the
 * file name, no class in the unnamed package, and each META-INF/services file naming a valid
 * service whose providers are in packages of the jar. Throws ModuleNameError with the JDK's message.
 */
export function automaticModuleName(
  jar: JarReader,
  fileName: string,
  declared: string | undefined,
  multiRelease: boolean,
): string {
  let name: string;
  if (declared !== undefined) {
    try {
      requireTypeName('module name', declared);
    } catch (e) {
      throw new ModuleNameError(`Automatic-Module-Name: ${(e as Error).message}`);
    }
    name = declared;
  } else {
    name = cleanModuleName(nameFromFileName(fileName));
    requireTypeName('module name', name);
  }
  const entries = visibleEntries(jar, multiRelease);
  const packages = new Set<string>();
  const directories = new Set<string>();
  const serviceFiles: string[] = [];
  for (const entry of entries.keys()) {
    const isClass = entry.endsWith('.class');
    const isService = entry.startsWith(SERVICES);
    if (isClass === isService) continue;
    if (isService) {
      serviceFiles.push(entry);
      continue;
    }
    const slash = entry.lastIndexOf('/');
    if (slash < 0) {
      if (entry !== 'module-info.class')
        throw new ModuleNameError(`${entry} found in top-level directory (unnamed package not allowed in module)`);
      continue;
    }
    const directory = entry.slice(0, slash);
    if (directories.has(directory)) continue;
    directories.add(directory);
    const pkg = directory.replace(/\//g, '.');
    if (isTypeName(pkg)) packages.add(pkg);
  }
  for (const file of serviceFiles) {
    const service = file.slice(SERVICES.length);
    if (service === '' || service.includes('/') || !isTypeName(service)) continue;
    const providers: string[] = [];
    for (const line of jar
      .read(entries.get(file)!)!
      .toString('utf8')
      .split(/\r\n|\r|\n/)) {
      const hash = line.indexOf('#');
      const provider = javaTrim(hash < 0 ? line : line.slice(0, hash));
      if (provider === '') continue;
      if (!packages.has(packageOf(provider))) throw new ModuleNameError(`Provider class ${provider} not in module`);
      providers.push(provider);
    }
    if (providers.length === 0) continue;
    requireQualifiedClassName('service type name', service);
    for (const p of providers) requireQualifiedClassName('service provider name', p);
  }
  return name;
}

/**
 * The entries a JarFile opened for the runtime version streams, by the name it reports, with the
 * stored entry to read: in a multi-release jar, META-INF/versions/N/x is x (N up to the runtime's),
 * later releases hidden. Directories left out.
 */
function visibleEntries(jar: JarReader, multiRelease: boolean): Map<string, string> {
  const visible = new Map<string, string>();
  for (const stored of jar.entries.keys()) {
    let name = stored;
    if (multiRelease && stored.startsWith(VERSIONS)) {
      const slash = stored.indexOf('/', VERSIONS.length);
      if (slash < 0 || slash === stored.length - 1) continue;
      const release = stored.slice(VERSIONS.length, slash);
      if (!/^[+-]?\d+$/.test(release) || Number(release) > RUNTIME_VERSION) continue;
      name = stored.slice(slash + 1);
    }
    if (name.endsWith('/')) continue;
    const before = visible.get(name);
    if (before === undefined || versionOf(stored) > versionOf(before)) visible.set(name, stored);
  }
  return visible;
}

const versionOf = (stored: string): number =>
  stored.startsWith(VERSIONS) ? Number(stored.slice(VERSIONS.length, stored.indexOf('/', VERSIONS.length))) : 0;

/** String.trim of Java: drops characters up to U+0020 at both ends. */
const javaTrim = (s: string): string => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** The JDK's derivation: drop `.jar` and a `-<digit>...` version tail. */
function nameFromFileName(fileName: string): string {
  const name = fileName.slice(0, -4);
  const m = /-(\d+(\.|$))/.exec(name);
  return m ? name.slice(0, m.index) : name;
}

function cleanModuleName(name: string): string {
  return name
    .replace(/[^A-Za-z0-9]/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\./, '')
    .replace(/\.$/, '');
}
