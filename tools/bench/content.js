'use strict';
/*
 * Deterministic file contents and sizes for the benchmark workloads. Every byte comes from a
 * seeded PRNG, so two machines generate identical archives. Contents are slices of two corpora
 * that compress like the real thing: C++-like source text (about 3-4x with deflate) and
 * low-entropy "object code" (about 1.5x), so inflating costs what it costs on real artifacts.
 */

/** mulberry32: small, fast, good enough for test data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CORPUS_BYTES = 4 * 1024 * 1024;

function textCorpus(random) {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ra',
    'tu',
    'vo',
    'xe',
    'ze',
    'qu',
    'pi',
    'sa',
    'do',
    'fe',
    'gu',
    'hi',
    'ji',
    'bo',
    'cy',
    'wa',
  ];
  const keywords = [
    'const',
    'auto',
    'return',
    'template',
    'typename',
    'namespace',
    'struct',
    'class',
    'inline',
    'static',
    'void',
    'int',
    'std::size_t',
    'std::vector',
    'std::string',
    'if',
    'else',
    'for',
    'while',
    'noexcept',
    'override',
  ];
  const punct = ['(', ')', '{', '}', ';', ',', '::', '<', '>', '=', '->', '&', '*', '+', '//'];
  const words = [];
  for (let i = 0; i < 600; i++) {
    let w = '';
    const n = 2 + Math.floor(random() * 4);
    for (let j = 0; j < n; j++) w += syllables[Math.floor(random() * syllables.length)];
    if (random() < 0.3) w += `_${Math.floor(random() * 100)}`;
    words.push(w);
  }
  const parts = [];
  let size = 0;
  while (size < CORPUS_BYTES) {
    let line = '  '.repeat(Math.floor(random() * 4));
    const tokens = 3 + Math.floor(random() * 10);
    for (let t = 0; t < tokens; t++) {
      const r = random();
      line +=
        r < 0.25
          ? keywords[Math.floor(random() * keywords.length)]
          : r < 0.55
            ? punct[Math.floor(random() * punct.length)]
            : words[Math.floor(random() * words.length)];
      line += ' ';
    }
    line += '\n';
    parts.push(line);
    size += line.length;
  }
  return Buffer.from(parts.join(''), 'latin1').subarray(0, CORPUS_BYTES);
}

function binaryCorpus(random) {
  const out = Buffer.alloc(CORPUS_BYTES);
  const common = [0x00, 0x48, 0x89, 0x8b, 0xe8, 0xff, 0x0f, 0xc3, 0x24, 0x45];
  for (let i = 0; i < CORPUS_BYTES; i++) {
    const r = random();
    out[i] = r < 0.45 ? 0 : r < 0.75 ? common[Math.floor(random() * common.length)] : Math.floor(random() * 256);
  }
  return out;
}

class ContentSource {
  constructor(seed = 421) {
    const random = prng(seed);
    this.text = textCorpus(random);
    this.binary = binaryCorpus(random);
  }

  /** `size` bytes of the given kind for file `name`, starting with a line naming the file. */
  file(name, size, kind, seed) {
    const random = prng(seed);
    const corpus = kind === 'binary' ? this.binary : this.text;
    const out = Buffer.allocUnsafe(size);
    const head = Buffer.from(`// ${name}\n`, 'latin1');
    let done = head.copy(out, 0, 0, Math.min(head.length, size));
    while (done < size) {
      const start = Math.floor(random() * (corpus.length - 1));
      done += corpus.copy(out, done, start, Math.min(corpus.length, start + (size - done)));
    }
    return out;
  }
}

/**
 * `count` file sizes, log-normally spread (a few big files, many small ones, like real
 * distributions), scaled so that they add up to `total` bytes exactly.
 */
function sizes(count, total, seed, sigma = 1.1) {
  const random = prng(seed);
  const raw = [];
  for (let i = 0; i < count; i++) {
    // Box-Muller
    const u = Math.max(random(), 1e-12);
    const v = random();
    raw.push(Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)));
  }
  const sum = raw.reduce((a, b) => a + b, 0);
  const out = raw.map((r) => Math.max(1, Math.floor((r / sum) * total)));
  let rest = total - out.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % count, rest--) out[i]++;
  return out;
}

module.exports = { prng, ContentSource, sizes };
