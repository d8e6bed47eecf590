/**
 * Tar blocks made byte by byte, for the damaged and unusual archives no tool writes on purpose
 * (a wrong checksum, a non-zero end block, malformed PAX records, a non-UTF-8 PAX path).
 * Everything else in the tar tests comes from GNU tar itself.
 */
export interface HeaderFields {
  readonly size?: number;
  readonly mode?: number;
  readonly type?: string;
  readonly mtime?: number;
  readonly linkName?: string;
  /** Store this checksum instead of the right one. */
  readonly checksum?: number;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

export function header(name: string | Buffer, fields: HeaderFields = {}): Buffer {
  const b = Buffer.alloc(512);
  (typeof name === 'string' ? Buffer.from(name) : name).copy(b, 0, 0, 100);
  b.write(octal(fields.mode ?? 0o644, 8), 100);
  b.write(octal(0, 8), 108);
  b.write(octal(0, 8), 116);
  b.write(octal(fields.size ?? 0, 12), 124);
  b.write(octal(fields.mtime ?? 1_500_000_000, 12), 136);
  b.write('        ', 148);
  b.write(fields.type ?? '0', 156);
  if (fields.linkName) b.write(fields.linkName, 157, 100);
  b.write('ustar\x0000', 257);
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(`${(fields.checksum ?? sum).toString(8).padStart(6, '0')}\0 `, 148);
  return b;
}

/** `data` padded to whole blocks. */
export function padded(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

/** A file entry: header and data. */
export function file(name: string | Buffer, content: string | Buffer, fields: HeaderFields = {}): Buffer {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return Buffer.concat([header(name, { ...fields, size: data.length }), padded(data)]);
}

/** One PAX record, `length keyword=value\n` (the value may be raw bytes). */
export function paxRecord(keyword: string, value: string | Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from(`${keyword}=`),
    typeof value === 'string' ? Buffer.from(value) : value,
    Buffer.from('\n'),
  ]);
  let length = body.length + 2;
  while (String(length).length + 1 + body.length !== length) length = String(length).length + 1 + body.length;
  return Buffer.concat([Buffer.from(`${length} `), body]);
}

/** A PAX extended header (type x) with these records, for the entry that follows. */
export function pax(records: Buffer[], fields: HeaderFields = {}): Buffer {
  const data = Buffer.concat(records);
  return Buffer.concat([header('./PaxHeaders/entry', { ...fields, type: 'x', size: data.length }), padded(data)]);
}

export const END = Buffer.alloc(1024);
