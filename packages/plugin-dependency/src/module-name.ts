import { closeSync, fstatSync, openSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { JarReader, readManifest } from './jar-reader';
import { automaticModuleName, RUNTIME_VERSION } from './automatic-module';
import { ModuleNameError } from './java-names';

export { ModuleNameError };

/** What `dependency:list` appends after an artifact: its Java module name and how it was found. */
export interface ModuleInfo {
  readonly name: string;
  /** `module` from module-info.class; `manifest` from Automatic-Module-Name; `filename` derived. */
  readonly source: 'module' | 'manifest' | 'filename';
}

/**
 * The module name the JDK's ModuleFinder gives a file, as maven-dependency-plugin 3.5.0 reports it
 * (it asks Java 9+'s ModuleFinder). Undefined when there is no such file; throws ModuleNameError
 * with the JDK's message when the JDK would fail.
 */
export function moduleInfo(file: string): ModuleInfo | undefined {
  // Open first and ask the descriptor: one system call less per file than stat, open, fstat.
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ModuleNameError((e as Error).message);
  }
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch {
    closeSync(fd);
    return undefined;
  }
  if (!stat.isFile() || !path.basename(file).endsWith('.jar')) {
    closeSync(fd);
    if (!stat.isFile()) return undefined;
    throw new ModuleNameError(`Module format not recognized: ${file}`);
  }
  let jar: JarReader;
  try {
    jar = new JarReader(fd, stat.size);
  } catch (e) {
    throw new ModuleNameError((e as Error).message);
  }
  try {
    const manifest = readManifest(jar);
    const multiRelease = manifest?.get('multi-release')?.toLowerCase() === 'true';
    const moduleInfoEntry = versionedEntry(jar, 'module-info.class', multiRelease);
    if (moduleInfoEntry) return { name: readModuleName(jar.read(moduleInfoEntry)!), source: 'module' };
    const declared = manifest?.get('automatic-module-name');
    const name = automaticModuleName(jar, path.basename(file), declared, multiRelease);
    return { name, source: declared !== undefined ? 'manifest' : 'filename' };
  } finally {
    jar.close();
  }
}

function versionedEntry(jar: JarReader, name: string, multiRelease: boolean): string | undefined {
  if (multiRelease) {
    for (let v = RUNTIME_VERSION; v >= 9; v--) {
      const candidate = `META-INF/versions/${v}/${name}`;
      if (jar.entries.has(candidate)) return candidate;
    }
  }
  return jar.entries.has(name) ? name : undefined;
}

/** The module name in a module-info.class (the Module attribute's CONSTANT_Module entry). */
function readModuleName(data: Buffer): string {
  const bad = (): never => {
    throw new ModuleNameError('Invalid module-info.class');
  };
  if (data.length < 10 || data.readUInt32BE(0) !== 0xcafebabe) bad();
  const count = data.readUInt16BE(8);
  const utf8 = new Map<number, string>();
  const modules = new Map<number, number>();
  let p = 10;
  for (let i = 1; i < count; i++) {
    const tag = data[p];
    switch (tag) {
      case 1: {
        const len = data.readUInt16BE(p + 1);
        utf8.set(i, data.subarray(p + 3, p + 3 + len).toString('utf8'));
        p += 3 + len;
        break;
      }
      case 19:
        modules.set(i, data.readUInt16BE(p + 1));
        p += 3;
        break;
      case 7:
      case 8:
      case 16:
      case 20:
        p += 3;
        break;
      case 15:
        p += 4;
        break;
      case 3:
      case 4:
      case 9:
      case 10:
      case 11:
      case 12:
      case 17:
      case 18:
        p += 5;
        break;
      case 5:
      case 6:
        p += 9;
        i++;
        break;
      default:
        bad();
    }
  }
  p += 6; // access flags, this_class, super_class
  const interfaces = data.readUInt16BE(p);
  p += 2 + 2 * interfaces;
  for (let k = 0; k < 2; k++) {
    const n = data.readUInt16BE(p); // fields, then methods
    p += 2;
    for (let i = 0; i < n; i++) {
      const attrs = data.readUInt16BE(p + 6);
      p += 8;
      for (let a = 0; a < attrs; a++) p += 6 + data.readUInt32BE(p + 2);
    }
  }
  const attributes = data.readUInt16BE(p);
  p += 2;
  for (let a = 0; a < attributes; a++) {
    const name = utf8.get(data.readUInt16BE(p));
    const len = data.readUInt32BE(p + 2);
    if (name === 'Module') {
      const moduleIndex = data.readUInt16BE(p + 6);
      const nameIndex = modules.get(moduleIndex);
      const moduleName = nameIndex !== undefined ? utf8.get(nameIndex) : undefined;
      return moduleName ? moduleName.replace(/\//g, '.') : bad();
    }
    p += 6 + len;
  }
  return bad();
}
