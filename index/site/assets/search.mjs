// The static site's search: by words (BM25 over title, speakers, track and abstract,
// with typos forgiven) and by meaning (the query embedded by the base's own MiniLM in
// the browser, against each talk's vector from the base), fused as the server fuses
// them; plus the limits a browser can read from the words (day, part of the day, room,
// track, speaker). No DOM here: bench/site.py runs this same file under Node.

const STOP = new Set(('a an and are as at be by for from has have how i in into is it its ' +
  'of on or that the their this to was we what when where which who why will with you your ' +
  'talk talks session sessions about any anything show me find looking there').split(' '));
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const FIELDS = [['title', 2.0], ['speakers', 1.5], ['track', 1.0], ['abstract', 1.0]];
const K1 = 1.2, B = 0.75;

export function fold(text) {
  // accents and kana's sound marks off, as the server's index (index/search/rank/tokens.py)
  return (text || '').normalize('NFKD').replace(/[\u0300-\u036f\u3099\u309a]/g, '').toLowerCase();
}

// Chinese and Japanese write words without spaces: a run is cut where its kind of
// character changes and Chinese characters are taken in overlapping pairs, a lone one
// left out, as the server's index cuts them ("形態素解析" is found in "日本語の形態素解析入門")
const HAN = /^[\u3400-\u9fff\uf900-\ufaff]/u;
const KINDS = /[\u3400-\u9fff\uf900-\ufaff]+|[\u3040-\u309f]+|[\u30a0-\u30ff]+|[^\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+/gu;

function pieces(w) {
  if (!/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u.test(w)) return [w];
  const out = [];
  for (const run of w.match(KINDS)) {
    if (!HAN.test(run)) out.push(run);
    else for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}

export function words(text) {
  return fold(text).split(/[^\p{L}\p{N}+#]+/u).flatMap(pieces)
    .filter(w => w.length > 1 || /\d/.test(w));
}

export function stem(w) {
  // a light English stem, the same for the talks and the query: "kernels" and "kernel",
  // "libraries" and "library" count as one word
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

function terms(text) {
  return words(text).map(stem);
}

function osa(a, b, most) {
  // the edit distance of a and b (adjacent swaps count one), or most + 1 when farther
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

function clock(iso, zone, programDay) {
  // "HH:MM" and "YYYY-MM-DD" of an ISO time on the conference's own clock; a talk the
  // program lists under the day before (after midnight) is on that day, at "24:50"; a
  // talk the program gives a day and no time is on its day at no time (hm null)
  if (!iso) return programDay ? { day: programDay, hm: null } : null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone || undefined, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = t => parts.find(p => p.type === t).value;
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (programDay && programDay < day) return { day: programDay, hm: `${Number(get('hour')) + 24}:${get('minute')}` };
  return { day, hm: `${get('hour')}:${get('minute')}` };
}

export function createSearch(talks, meta, vectors) {
  const zone = meta.timezone && !meta.timezone.startsWith('UTC') ? meta.timezone : undefined;
  const docs = talks.map(t => {
    const when = clock(t.start, zone, t.day);
    const fields = {
      title: terms(t.title), speakers: terms(t.speakers.join(' ')),
      track: terms(t.track), abstract: terms(t.abstract),
    };
    return { talk: t, when, fields };
  });
  const df = new Map();
  const avg = {};
  for (const [f] of FIELDS) avg[f] = 0;
  for (const d of docs) {
    const seen = new Set();
    for (const [f] of FIELDS) {
      avg[f] += d.fields[f].length;
      for (const w of d.fields[f]) seen.add(w);
    }
    for (const w of seen) df.set(w, (df.get(w) || 0) + 1);
  }
  const n = Math.max(1, docs.length);
  for (const [f] of FIELDS) avg[f] = avg[f] / n || 1;
  const tf = docs.map(d => {
    const m = {};
    for (const [f] of FIELDS) {
      const c = new Map();
      for (const w of d.fields[f]) c.set(w, (c.get(w) || 0) + 1);
      m[f] = c;
    }
    return m;
  });
  const common = new Set([...df].filter(([, c]) => c > 0.4 * n).map(([w]) => w));
  // the function words of the program's other languages its server leaves out ("per",
  // "della"): the export writes them (index/search/rank/stopwords.py decides which)
  const ownStop = new Set(meta.stopwords || []);
  const byFirst = new Map();
  for (const w of df.keys()) {
    if (!byFirst.has(w[0])) byFirst.set(w[0], []);
    byFirst.get(w[0]).push(w);
  }
  const dayWords = { ...meta.day_words };
  WEEKDAYS.forEach((w, i) => { dayWords[w] = i; dayWords[w.slice(0, 3)] = i; });
  // the parts of the day, [from, before) as the export wrote them (the server's own table)
  const PARTS = meta.parts || {};
  const partWords = { ...meta.part_words };
  const ambiguousParts = new Set(meta.ambiguous_parts || []);
  // a visitor's weekday or part of the day: read where another word of its language is said
  const foreignWords = meta.foreign_words || {};
  const visitorWords = Object.fromEntries(
    Object.entries(meta.visitor_words || {}).map(([code, ws]) => [code, new Set(ws)]));
  const alone = (toks, i) => {
    const code = foreignWords[toks[i]];
    if (!code) return false;
    const near = [toks[i - 1], toks[i + 1]].filter(t => t !== toks[i]);
    if (near.some(t => t in dayWords || t in partWords)) return false;
    // (a word the talks hold shows no language: "con", "die" in an English program)
    return !toks.some((t, j) => j !== i && t !== toks[i] && !df.has(t) &&
      ((visitorWords[code] && visitorWords[code].has(t)) || foreignWords[t] === code));
  };
  Object.keys(PARTS).forEach(p => { partWords[p] = p; });
  Object.keys(partWords).forEach(w => { if (!(partWords[w] in PARTS)) delete partWords[w]; });
  const roomsByWords = meta.rooms.map(r => [words(r), r]).filter(([w]) => w.length);
  const tracksByWords = meta.tracks.map(t => [words(t), t]).filter(([w]) => w.length);
  const surnames = new Map();
  for (const t of talks) for (const s of t.speakers) {
    const w = words(s);
    if (w.length) surnames.set(w[w.length - 1], s);
  }

  // the whole words of the model's vocabulary, once it has loaded (`knowWords`): a word
  // the language knows is no typo, as on the server ("audio" is not "audit")
  let known = new Set();
  function corrected(w) {
    // a word no talk holds, near one that talks hold: the nearest, the commonest first
    if (df.has(w) || w.length < 4 || /\d/.test(w) || known.has(w)) return w;
    const most = w.length >= 8 ? 2 : 1;
    let best = null, bestDf = 0, bestD = most + 1;
    for (const c of byFirst.get(w[0]) || []) {
      const d = osa(w, c, most);
      if (d < bestD || (d === bestD && d <= most && df.get(c) > bestDf)) {
        best = c; bestD = d; bestDf = df.get(c);
      }
    }
    return bestD <= most ? best : w;
  }

  function readLimits(query) {
    // the limits said in the words that a browser reads, and the words left to rank by
    const toks = words(query);
    const used = new Array(toks.length).fill(false);
    const limits = { days: [], parts: [], room: null, track: null, speaker: null };
    const said = [];
    const match = (seq, i) => seq.every((w, j) => toks[i + j] === w);
    for (let i = 0; i < toks.length; i++) {
      const w = toks[i];
      if (w in dayWords && !alone(toks, i)) {
        const d = meta.days.filter(x => (new Date(x + 'T12:00:00Z').getUTCDay() + 6) % 7 === dayWords[w]);
        if (d.length) { limits.days.push(...d); used[i] = true; said.push(WEEKDAYS[dayWords[w]]); continue; }
      }
      // a part of the day that is also "tomorrow" ("morgen"): only next to a day
      const byDay = (toks[i - 1] in dayWords) || (toks[i + 1] in dayWords);
      if (w in partWords && (!ambiguousParts.has(w) || byDay) && !alone(toks, i)) {
        limits.parts.push(partWords[w]); used[i] = true; said.push(partWords[w]); continue;
      }
      if (w === 'by' && i + 1 < toks.length && surnames.has(toks[i + 1])) {
        limits.speaker = surnames.get(toks[i + 1]); used[i] = used[i + 1] = true;
        said.push('by ' + limits.speaker); i++; continue;
      }
    }
    for (const [seq, room] of roomsByWords) {
      for (let i = 0; i + seq.length <= toks.length; i++) {
        const cued = i > 0 && ['in', 'room', 'at'].includes(toks[i - 1]);
        if (match(seq, i) && (cued || /\d/.test(room) || !df.has(seq[0]))) {
          limits.room = room; for (let j = 0; j < seq.length; j++) used[i + j] = true;
          if (cued) used[i - 1] = true;
          said.push('room ' + room);
        }
      }
    }
    for (const [seq, track] of tracksByWords) {
      for (let i = 0; i + seq.length <= toks.length; i++) {
        const after = toks[i + seq.length];
        const cued = ['track', 'devroom', 'room'].includes(after);
        if (match(seq, i) && (cued || seq.length > 1) && !used[i]) {
          limits.track = track; for (let j = 0; j < seq.length; j++) used[i + j] = true;
          if (cued) used[i + seq.length] = true;
          said.push('track ' + track);
        }
      }
    }
    const topic = toks.filter((w, i) => !used[i]);
    return { limits, topic, said };
  }

  function passes(d, limits, chosen) {
    const t = d.talk;
    if (chosen.day && (!d.when || d.when.day !== chosen.day)) return false;
    if (chosen.room && t.room !== chosen.room) return false;
    if (chosen.track && t.track !== chosen.track) return false;
    if (limits.days.length && (!d.when || !limits.days.includes(d.when.day))) return false;
    if (limits.parts.length) {
      if (!d.when || d.when.hm === null) return false;
      if (!limits.parts.some(p => d.when.hm >= PARTS[p][0] && d.when.hm < PARTS[p][1])) return false;
    }
    if (limits.room && t.room !== limits.room) return false;
    if (limits.track && t.track !== limits.track) return false;
    if (limits.speaker && !t.speakers.includes(limits.speaker)) return false;
    return true;
  }

  function lexical(terms, allowed) {
    const scores = new Map();
    for (const w of terms) {
      const k = df.get(w);
      if (!k) continue;
      const idf = Math.log(1 + (n - k + 0.5) / (k + 0.5));
      for (const i of allowed) {
        let s = 0;
        for (const [f, weight] of FIELDS) {
          const c = tf[i][f].get(w);
          if (!c) continue;
          const len = docs[i].fields[f].length;
          s += weight * idf * (c * (K1 + 1)) / (c + K1 * (1 - B + B * len / avg[f]));
        }
        if (s) scores.set(i, (scores.get(i) || 0) + s);
      }
    }
    return scores;
  }

  function dense(qv, allowed) {
    const scores = new Map();
    if (!qv || !vectors) return scores;
    const dim = meta.dim;
    for (const i of allowed) {
      let s = 0;
      for (let j = 0; j < dim; j++) s += qv[j] * vectors[i * dim + j];
      scores.set(i, s / 127);
    }
    return scores;
  }

  function scaled(scores, floor) {
    let best = -Infinity;
    for (const v of scores.values()) best = Math.max(best, v);
    const out = new Map();
    for (const [i, v] of scores) out.set(i, best - floor > 1e-12 ? Math.max(0, (v - floor) / (best - floor)) : 1);
    return out;
  }

  // `qv`: the query's vector (Float32Array of meta.dim, unit length) or null (words only);
  // `chosen`: the page's own filters {day, room, track}. Returns the reading and the hits.
  function search(query, qv = null, chosen = {}, k = 20) {
    const { limits, topic, said } = readLimits(query);
    const allowed = [];
    docs.forEach((d, i) => { if (passes(d, limits, chosen)) allowed.push(i); });
    const asked = topic.filter(w => !STOP.has(w) && !ownStop.has(w)).map(stem);
    const terms = [...new Set(asked.map(corrected))];
    const fixes = asked.filter(w => corrected(w) !== w).map(w => [w, corrected(w)]);
    if (!terms.length) {  // limits only: the talks that pass them, in time order
      return { said, fixes, words: [], hits: allowed.slice(0, k).map(i => ({ talk: docs[i].talk, score: 0, why: 'time' })) };
    }
    const weighted = terms.filter(w => !common.has(w));
    const lex = lexical(weighted.length ? weighted : terms, allowed);
    const den = qv ? dense(qv, allowed) : new Map();
    const w = qv ? meta.lexical_weight : 1.0;
    // as the server fuses (index/search/rank/fusion.py scaled_score): each signal scaled
    // by its best, from 0 for words and from the dense floor for meaning
    const lexS = scaled(lex, 0);
    const denS = scaled(den, meta.dense_floor);
    const total = new Map();
    for (const i of allowed) {
      const s = w * (lexS.get(i) || 0) + (1 - w) * (denS.get(i) || 0);
      if (lex.has(i) || qv) total.set(i, s);
    }
    const ranked = [...total].sort((a, b) => b[1] - a[1]).slice(0, k);
    const hits = ranked.map(([i, s]) => {
      const found = terms.filter(t => FIELDS.some(([f]) => tf[i][f].has(t)));
      return { talk: docs[i].talk, score: s, why: found.length ? 'words: ' + found.join(', ') : 'meaning' };
    });
    return { said, fixes, words: terms, hits };
  }

  function knowWords(words) { known = words; }

  return { search, readLimits, knowWords, clock: (iso, day) => clock(iso, zone, day) };
}

// -- the query encoder: BERT's WordPiece, as the base's tokenizer.json does it --------

export function wordpiece(vocabText) {
  const vocab = new Map(vocabText.split('\n').map((w, i) => [w.replace(/\r$/, ''), i]));
  const unk = vocab.get('[UNK]'), cls = vocab.get('[CLS]'), sep = vocab.get('[SEP]');
  const punct = /[\p{P}\p{S}]/u;
  return function encode(text, max = 256) {
    const clean = fold(text).replace(/[\u0000-\u001f]/g, ' ');
    const basic = [];
    for (const chunk of clean.split(/\s+/)) {
      let cur = '';
      for (const ch of chunk) {
        if (punct.test(ch)) { if (cur) basic.push(cur); basic.push(ch); cur = ''; } else cur += ch;
      }
      if (cur) basic.push(cur);
    }
    const ids = [cls];
    for (const word of basic) {
      if (word.length > 100) { ids.push(unk); continue; }
      let start = 0; const pieces = [];
      while (start < word.length) {
        let end = word.length, found = null;
        while (start < end) {
          const sub = (start > 0 ? '##' : '') + word.slice(start, end);
          if (vocab.has(sub)) { found = vocab.get(sub); break; }
          end--;
        }
        if (found === null) { pieces.length = 0; pieces.push(unk); break; }
        pieces.push(found); start = end;
      }
      ids.push(...pieces);
      if (ids.length >= max - 1) break;
    }
    ids.length = Math.min(ids.length, max - 1);
    ids.push(sep);
    return ids;
  };
}

export function wholeWords(vocabText) {
  // a WordPiece vocabulary's whole words (not "##ing", not "[CLS]"), as the server's
  // index/encoders/base.py whole_words reads them
  const out = new Set();
  for (const line of vocabText.split('\n')) {
    const w = line.replace(/\r$/, '');
    if (w.length > 1 && !w.startsWith('##') && /^\p{L}+$/u.test(w)) out.add(w.toLowerCase());
  }
  return out;
}

export async function loadEncoder(ort, modelBytes, vocabText) {
  // a function from a query to its unit vector, as the server's encoder embeds it
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(modelBytes, { executionProviders: ['wasm'] });
  const encode = wordpiece(vocabText);
  return async function embed(text) {
    const ids = encode(text);
    const t = a => new ort.Tensor('int64', BigInt64Array.from(a.map(BigInt)), [1, a.length]);
    const out = await session.run({
      input_ids: t(ids), attention_mask: t(ids.map(() => 1)), token_type_ids: t(ids.map(() => 0)),
    });
    const h = out.last_hidden_state.data, dim = out.last_hidden_state.dims[2];
    const v = new Float32Array(dim);
    for (let i = 0; i < ids.length; i++) for (let j = 0; j < dim; j++) v[j] += h[i * dim + j];
    let norm = 0;
    for (let j = 0; j < dim; j++) norm += v[j] * v[j];
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < dim; j++) v[j] /= norm;
    return v;
  };
}
