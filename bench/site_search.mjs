// Runs the static site's own search (its search.mjs, its model through its vendored
// onnxruntime-web) under Node over queries read from stdin as JSON lines; writes one
// JSON line each: the ids of the first ten talks, words only and with meaning.
// Used by bench/site.py: node bench/site_search.mjs SITE_FOLDER < queries
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const site = process.argv[2];
const { createSearch, loadEncoder, wholeWords } = await import(pathToFileURL(join(site, 'search.mjs')).href);
const meta = JSON.parse(readFileSync(join(site, 'data/meta.json'), 'utf8'));
const talks = JSON.parse(readFileSync(join(site, 'data/talks.json'), 'utf8'));
const vectors = new Int8Array(readFileSync(join(site, 'data/vectors.bin')).buffer.slice(0));
const engine = createSearch(talks, meta, vectors);
let embed = null, known = new Set();
if (meta.meaning) {
  const ort = await import(pathToFileURL(join(site, 'vendor/ort.wasm.bundle.min.mjs')).href);
  const vocab = readFileSync(join(site, 'model/vocab.txt'), 'utf8');
  embed = await loadEncoder(ort, readFileSync(join(site, meta.model)), vocab);
  known = wholeWords(vocab);
}
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const q = JSON.parse(line);
  engine.knowWords(new Set());  // as the site searches before its model has loaded
  const words = engine.search(q, null, {}, 10).hits.map(h => h.talk.id);
  let both = words, ms = 0;
  if (embed) {
    engine.knowWords(known);  // and once it has (site.js: loadMeaning)
    const t0 = performance.now();
    const qv = await embed(q);
    both = engine.search(q, qv, {}, 10).hits.map(h => h.talk.id);
    ms = performance.now() - t0;
  }
  process.stdout.write(JSON.stringify({ words, both, ms }) + '\n');
}
