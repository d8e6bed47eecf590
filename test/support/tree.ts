import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Every entry below `dir`, sorted: `d 755 path/`, `f 644 path = "content"` (up to 40 bytes, else
 * the size), `l path -> target`, and `s <mode> path` for anything else (devices, FIFOs).
 */
export function treeOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, r);
      const st = fs.lstatSync(full);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.push(`l ${r} -> ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`d ${mode} ${r}/`);
        walk(r);
      } else if (st.isFile()) {
        const data = fs.readFileSync(full);
        out.push(
          `f ${mode} ${r} = ${data.length <= 40 ? JSON.stringify(data.toString('utf8')) : `${data.length} bytes`}`,
        );
      } else out.push(`s ${st.mode.toString(8)} ${r}`);
    }
  };
  if (fs.existsSync(dir)) walk('');
  return out;
}
