// The static site's search: by words (BM25 over title, speakers, track and abstract,
// with typos forgiven) and by meaning (the query embedded by the base's own MiniLM in
// the browser, against each talk's vector from the base), fused as the server fuses
// them; plus the limits a browser can read from the words (day, part of the day, room,
// track, speaker). No DOM here: bench/site.py runs this same file under Node.

const STOP = new Set(('a an and are as at be by for from has have how i in into is it its ' +
  'of on or that the their this to was we what when where which who why will with you your ' +
  'talk talks session sessions about any anything show me find looking there').split(' '));
// a letter or digit of a script written with spaces between words: a name said in
// full ends where one of these does not follow ("Hall A" in "hall a", not "hall and")
const SPACED = '[\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}\\p{Nd}]';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const FIELDS = [['title', 2.0], ['speakers', 1.5], ['track', 1.0], ['abstract', 1.0]];
const K1 = 1.2, B = 0.75;

// the marks `fold` takes off: those the server's fold takes off (talkbase/core/terms.py
// `fold`: the combining marks, of a class other than 0), as the export writes them
// (meta.marks: `useMarks`); before, accents, kana's sound marks and Arabic's vowel and
// hamza marks. A mark of class 0 (a vowel sign of Devanagari, Thai, Bengali, Tamil...)
// is part of its letter: a word goes on through it ("सुरक्षा", not "स", "रक")
let MARKS = /[\u0300-\u036f\u3099\u309a\u064b-\u065f\u0670]/gu;
export function useMarks(marks) { if (marks) MARKS = new RegExp(`[${marks}]`, 'gu'); }
// the letters a lower case that the server's fold (Python's casefold) folds further
// ("ß" is "ss", a final "ς" is "σ"), as the export writes them (meta.folds: `useFolds`):
// the reader's tables hold "μετα τισ", a question says "μετά τις"
let FOLDS = null, FOLDED = {};
export function useFolds(folds) {
  FOLDED = folds || {};
  FOLDS = Object.keys(FOLDED).length ? new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'gu') : null;
}

export function fold(text) {
  // accents, kana's sound marks and Arabic's vowel and hamza marks ("الأربعاء" is
  // "الاربعاء") off, as the server's index (index/search/rank/tokens.py)
  const low = (text || '').normalize('NFKD').replace(MARKS, '').toLowerCase();
  return FOLDS ? low.replace(FOLDS, c => FOLDED[c]) : low;
}

// where a word ends: at what is no letter, mark of a letter, digit, "+" or "#" (a
// word is never cut inside a letter and its marks); a mark that only chooses how a
// character is drawn (a variation selector, an enclosing mark: "2️⃣") is none, as
// the server's index (index/search/rank/tokens.py `_marked`)
const SEP = /(?:[^\p{L}\p{M}\p{N}+#]|[\p{Me}\u034f\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}])+/u;
const A_WORD = /^[\p{L}\p{M}]+$/u;
// Thai, Lao, Khmer and Myanmar write no spaces between words: a run of their letters
// is cut into its words by the browser's own word breaker (Intl.Segmenter, ICU's
// dictionaries), before it is folded ("ความปลอดภัยของ" is "ความ", "ปลอดภัย", "ของ")
const UNSPACED = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]+/gu;
const BREAKER = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter('th', { granularity: 'word' }) : null;
export function spaced(text) {
  if (!BREAKER || !text) return text || '';
  return text.replace(UNSPACED, run => [...BREAKER.segment(run)].map(s => s.segment).join(' '));
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

// (a digit alone is a word, of any script: "۲" of "اتاق ۲", as the server keeps it)
const kept = w => w.length > 1 || /\p{Nd}/u.test(w);

export function words(text) {
  return fold(spaced(text)).split(SEP).flatMap(pieces).filter(kept);
}

// Japanese says what it leaves out after it, in words of its own scripts ("以外", "を除く"
// is "を", "除", "く"): a cue all of whose words are such runs
const JAPANESE = /^[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+$/u;
export const runCue = cue => cue.length > 0 && cue.every(w => JAPANESE.test(w));

// A query's words as `words` cuts them, and besides, as the server's reader reads them
// (index/search/read/whenwords.py `_runs`, `_cut_before_cues`): a run of Chinese
// characters that ends in the first word of a cue said after a limit (`cues`, folded,
// those `runCue` holds), its other words said right after it, is cut before it
// ("土曜日以外" is "土曜日", "以外": the pair "日以" across them is no word), and a cue
// said in runs is one word, its runs joined ("を除く"; `joined`: where one is that
// `words` does not have). `runs`: each run of Chinese characters with the words it was
// cut into (its text, [from, to) of `toks`), so that a limit said in the whole run
// ("土曜日") is read from all its pairs.
// A run of Chinese characters of a language that never changes script between its words
// (Chinese) is first cut at the words the server cuts it at (`known`: the export's
// `run_words`, index/search/read/whenwords.py `_cut_at_known`), the longest first from
// its start, so that no pair is read across two words ("不在周六" is "不在", "周六",
// not "在周"); a query with kana is Japanese, cut where its script changes only.
// A weekday or part of the day that ends inside a longer word of the talks is not cut
// at, nor read from the run's pairs (`inside`: the export's `run_inside`, the
// characters after it that make it so, where no known word starts right after it:
// "周日志分析" is weekly log analysis, no Sunday).
export function endsInside(run, p, n, known, inside) {
  const word = run.slice(p, p + n), next = run[p + n];
  return Object.hasOwn(inside, word) && next !== undefined && inside[word].includes(next) &&
    ![...known].some(k => run.startsWith(k, p + n));
}

// A particle ("的": `particles`, the export's `run_particles`) at either end of a piece
// between known words is cut off it, as the server cuts it ("李娜的大模型" is "李娜",
// "的", "大模型").
export function cutAtKnown(w, known, inside = {}, particles = new Set()) {
  if (!known.size || !/[\u3400-\u9fff\uf900-\ufaff]/u.test(w)) return [w];
  const longest = Math.max(...[...known].map(k => k.length));
  const pieces = [];  // [from, to, a known word]
  let rest = 0, p = 0;
  while (p < w.length) {
    let n = Math.min(longest, w.length - p);
    while (n > 1 && !known.has(w.slice(p, p + n))) n--;
    if (n > 1 && endsInside(w, p, n, known, inside)) n = 0;
    if (n < 2) { p++; continue; }
    if (rest < p) pieces.push([rest, p, false]);
    pieces.push([p, p + n, true]);
    p = rest = p + n;
  }
  if (rest < w.length) pieces.push([rest, w.length, false]);
  return pieces.flatMap(([x, y, word], k) => {
    if (word) return [w.slice(x, y)];
    const head = k > 0 && y - x > 1 && particles.has(w[x]);
    const tail = k + 1 < pieces.length && y - x > 1 && particles.has(w[y - 1]);
    const cuts = [...new Set([x, y, ...(head ? [x + 1] : []), ...(tail ? [y - 1] : [])])].sort((a, b) => a - b);
    return cuts.slice(1).map((c, j) => w.slice(cuts[j], c)).filter(piece => piece);
  });
}

// `whole`: a pattern of what the server's reader reads as one word that the site's
// words are cut at (a clock time "15:00", a date "2026-11-15", "11月15日"): kept one
// token, its words again where no limit is read in it (`readLimits`)
// `letters`: the words of one letter kept right before a number, where they may say a
// clock time's cue ("с 15:00": from; the site's words leave out a letter alone), never
// a topic; `near`: rules for other such words, each {letters, words, both}: a letter of
// `letters` kept next to a word of `words` (`has`), or between two with `both`
export function queryWords(text, cues = [], known = new Set(), whole = null, letters = new Set(), inside = {}, particles = new Set(), near = null) {
  const toks = [], runs = [], joined = new Set();
  const longest = [...cues].sort((a, b) => b.length - a.length);
  const cut = /[\u3040-\u30ff]/u.test(text) ? new Set() : known;
  const split = x => (whole ? x.split(whole) : [x]).flatMap((y, k) => k % 2 ? [[y]] : y.split(SEP));
  const entire = whole && new RegExp(`^(?:${whole.source})$`, 'u');
  const all = split(fold(spaced(text))).flatMap(x => Array.isArray(x) ? x : cutAtKnown(x, cut, inside, particles)).filter(w => w);
  for (const [k, w] of all.entries()) {
    if (letters.has(w) && /^\d/.test(all[k + 1] || '')) { joined.add(toks.length); toks.push(w); continue; }
    // (a building's letter beside a word for a building: "building K"; a list's word of
    // one letter between two days: "sabato o domenica"; no topic: `near`, its rules)
    const beside = rule => rule.letters.has(w) && (rule.both
      ? rule.words.has(all[k - 1]) && rule.words.has(all[k + 1])
      : rule.words.has(all[k - 1]) || rule.words.has(all[k + 1]));
    if (near && w.length === 1 && [].concat(near).some(beside)) {
      joined.add(toks.length); toks.push(w); continue;
    }
    if (entire && entire.test(w)) { toks.push(w); continue; }
    if (!/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u.test(w)) { if (kept(w)) toks.push(w); continue; }
    const parts = [];
    const found = w.match(KINDS);
    found.forEach((run, k) => {
      const cue = HAN.test(run) && longest.find(c => run.length > c[0].length && run.endsWith(c[0]) &&
        HAN.test(c[0]) && c.slice(1).every((x, j) => found[k + 1 + j] === x));
      parts.push(...(cue ? [run.slice(0, -cue[0].length), cue[0]] : [run]));
    });
    for (let k = 0; k < parts.length; k++) {
      const cue = longest.find(c => c.every((x, j) => parts[k + j] === x));
      if (cue) {
        const word = cue.join('');
        if (!words(word).includes(word)) joined.add(toks.length);
        toks.push(word);
        k += cue.length - 1;
        continue;
      }
      const run = parts[k];
      if (!HAN.test(run)) { if (kept(run)) toks.push(run); continue; }
      // a character cut off alone ("的" of "周六的人工智能") stands between the words
      // beside it, as on the server, and is no topic
      if (run.length === 1 && cut.size) { joined.add(toks.length); toks.push(run); continue; }
      const from = toks.length;
      toks.push(...pieces(run));
      runs.push({ text: run, from, to: toks.length });
    }
  }
  return { toks, runs, joined };
}

// the terms `found` (folded and stemmed as `term` makes them: "নিরাপততা", its virama
// off) as the talk `t` writes them, lower-cased ("নিরাপত্তা"): what its card names, as
// the server names its matched words; a term it does not write as one word stays
export function asWritten(t, found, term = stem, seen = new Map()) {
  const text = [t.title, t.abstract, t.track, (t.speakers || []).join(' ')].join(' ');
  for (const raw of spaced(text).normalize('NFC').toLowerCase().split(SEP)) {
    const cut = words(raw);
    if (cut.length === 1 && !seen.has(term(cut[0]))) seen.set(term(cut[0]), raw);
  }
  return found.map(f => seen.get(f) || f);
}

export function stem(w) {
  // a light English stem, the same for the talks and the query: "kernels" and "kernel",
  // "libraries" and "library" count as one word
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// Arabic writes its article (and a preposition before it) as one word with the noun:
// a word of Arabic letters is searched without it, as the server's word index takes it
// off ("الأمن" is "أمن": index/search/rank/tokens.py `without_article`, the export's
// `article`)
export function articleless(rule) {
  if (!rule || !rule.prefixes) return w => w;
  const letters = new RegExp(`^(?:${rule.letters})$`, 'u');
  return w => {
    if (!letters.test(w)) return w;
    const a = rule.prefixes.find(p => w.startsWith(p) && w.length - p.length >= rule.left);
    return a ? w.slice(a.length) : w;
  };
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
  const [at, timeZone] = onClock(iso, zone);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const get = t => parts.find(p => p.type === t).value;
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (programDay && programDay < day) return { day: programDay, hm: `${Number(get('hour')) + 24}:${get('minute')}` };
  return { day, hm: `${get('hour')}:${get('minute')}` };
}

// a conference's clock: a named zone ("Europe/Berlin"), or UTC or a bare offset
// ("UTC+07:00", "UTC+03:30"), which a browser's Intl does not take as a zone: the
// time is moved by the offset and shown on UTC's clock (the server's clock for it; no
// longer the visitor's own, where "afternoon" of a program at UTC+07:00 was none)
const OFFSET = /^UTC(?:([+-])(\d{1,2}):?(\d{2})?)?$/;
function named(zone) { return zone || undefined; }
export function onClock(iso, zone) {
  // [the Date to format, the zone to format it in] of an ISO time on `zone`'s clock
  const off = zone && OFFSET.exec(zone);
  if (!off) return [new Date(iso), zone || undefined];
  const minutes = off[1] ? (off[1] === '-' ? -1 : 1) * (Number(off[2]) * 60 + Number(off[3] || 0)) : 0;
  return [new Date(Date.parse(iso) + minutes * 60000), 'UTC'];
}

// The clock a talk is shown, grouped and limited on: its site's zone where the site is
// one conference's (meta.timezone), else its own conference's (a site of several)
export function talkZone(meta, t) { return named(meta.timezone) || named(t && t.zone); }

// `names` (a weekday's or part of the day's, folded -> its value) that also answer, in
// `in` and a lookup, for an inflected form of a name ("środę", "srode" folded, of
// "środa"), as the server's index/search/read/inflection.py `Inflected` reads them:
// `form` is what it decides, written by the export (its stems no two names share, the
// most letters of an ending, the talks' own words never read so); iterating gives the
// names alone. `keep`: the values read (a part of the day the site has).
function inflecting(names, form, keep = () => true) {
  if (!form || !form.stems) return names;
  const stems = new Map(Object.entries(form.stems).filter(([, v]) => keep(v)));
  const blocked = new Set(form.blocked || []);
  const of = w => {
    if (typeof w !== 'string' || blocked.has(w) || !A_WORD.test(w)) return undefined;
    for (let e = 1; e <= form.max_ending; e++) {
      if (w.length > e && stems.has(w.slice(0, -e))) return stems.get(w.slice(0, -e));
    }
    return undefined;
  };
  return new Proxy(names, {
    has: (o, w) => w in o || of(w) !== undefined,
    get: (o, w) => (w in o ? o[w] : of(w)),
  });
}

export function createSearch(talks, meta, vectors) {
  useMarks(meta.marks);
  useFolds(meta.folds);
  const READ = meta.reading || {};
  // the server's rules for a query's limits (export.py `limits`): when no talk passes
  // every limit, the kinds given up, in order (index/search/limits/relax.py KINDS: the
  // first BENDS each alone, then together in order; a clock time with a part of the
  // day, a language with a track); the words of a title beside a limit's
  // (titlewords.py NEIGHBOURS); the most words left out as one (negation.py)
  const { give_up: GIVE_UP, bends: BENDS, neighbours: NEIGHBOURS, excluded_words: EXCLUDED_WORDS } = meta.limits;
  const bare = articleless(READ.article);
  const term = w => stem(bare(w));
  const terms = text => words(text).map(term);
  const docs = talks.map((t, i) => {
    const when = clock(t.start, talkZone(meta, t), t.day);
    // (where it ends on the same clock: "24:30" past the program day's midnight)
    const ends = t.end ? clock(t.end, talkZone(meta, t), t.day || (when && when.day)) : null;
    if (when && ends) when.end = ends.hm;
    const fields = {
      title: terms(t.title), speakers: terms(t.speakers.join(' ')),
      track: terms(t.track), abstract: terms(t.abstract),
    };
    return { talk: t, i, when, fields, title: words(t.title) };
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
  // the words in most talks, which alone make no match (index/search/read/vocab.py's share)
  const MATCH = meta.match;
  const common = new Set([...df].filter(([, c]) => c > MATCH.common_share * n).map(([w]) => w));
  // closeness in meaning makes a match from the server's floor, except where the server
  // has it confirmed by its multilingual signal, which the site does not have
  const closeFloor = meta.languages.confirmed ? Infinity : MATCH.floor;
  // the function words of the program's other languages its server leaves out ("per",
  // "della"): the export writes them (index/search/rank/stopwords.py decides which)
  // (as the server's index writes them, and whole, as the site cuts them: "के" and not
  // only "क", what the server's index cuts it into)
  const ownStop = new Set([...(meta.stopwords || []), ...(meta.stopwords_whole || []).flatMap(w => words(w))]);
  // ...but one that is only a function word of a language of the talks ("ai", Vietnamese
  // "who") is a topic word where the query writes it in capitals ("AI": `caps`), or is
  // said in English (one of its words an English function word of none of those
  // languages) and says fewer than two function words of theirs ("ai talks on
  // saturday"), as the server's kb.py `_left_out` (the export's `said_in`); "tables
  // rondes le samedi" leaves "le" out
  const SAID_IN = meta.said_in || {};
  const saidInLists = Object.fromEntries(Object.entries(SAID_IN.lists || {}).map(([c, ws]) => [c, new Set(ws)]));
  const english = new Set(SAID_IN.english || []);
  // the words a query writes in capitals, of two letters or more, folded (kb.py `in_capitals`)
  const capitals = query => new Set((query.match(/[^\P{L}]+/gu) || [])
    .filter(w => w.length > 1 && w === w.toUpperCase() && w !== w.toLowerCase()).map(fold));
  const leftOut = (w, toks, caps) => {
    if (!ownStop.has(w)) return false;
    const theirs = (SAID_IN.words || {})[w];
    if (!theirs) return true;
    if (caps.has(w)) return false;
    const said = new Set(toks);
    if (theirs.some(c => [...said].filter(t => saidInLists[c].has(t)).length > 1)) return true;
    const others = new Set(theirs.flatMap(c => [...saidInLists[c]]));
    return ![...said].some(t => english.has(t) && !others.has(t));
  };
  // the function words of each talk language a match never names in its "words:" (as
  // the server's kb.py `unnamed_by`: of the talk's language, every one where it has none)
  const unnamed = new Map(Object.entries(meta.unnamed || {}).map(([code, ws]) =>
    [code, new Set(ws.flatMap(w => words(w)).flatMap(w => [w, term(w)]))]));
  const unnamedBy = t => {
    const codes = t.language ? [t.language] : [...unnamed.keys()];
    return w => codes.some(c => unnamed.get(c)?.has(w));
  };
  const byFirst = new Map();
  for (const w of df.keys()) {
    if (!byFirst.has(w[0])) byFirst.set(w[0], []);
    byFirst.get(w[0]).push(w);
  }
  // (in a language of the talks that inflects them, their inflected forms too: `inflecting`)
  const inflected = meta.inflected || {};
  const dayWords = inflecting({ ...meta.day_words }, inflected.days);
  // (English's names, their plurals and first three letters: daywords.py DAY_WORDS)
  WEEKDAYS.forEach((w, i) => { dayWords[w] = i; dayWords[`${w}s`] = i; dayWords[w.slice(0, 3)] = i; });
  // a weekday said short ("sexta" of "sexta-feira"): a day only where nothing is beside
  // it but a word that may stand by one ("na sexta", "sexta à tarde"; not "quarta
  // revolução"), as the server's index/search/read/whenwords.py `Words.short_day`
  const shortDays = meta.short_days || {};
  const shortCompany = new Set(meta.short_day_company || []);
  // the parts of the day, [from, before) as the export wrote them (the server's own table)
  const PARTS = meta.parts || {};
  const partWords = inflecting({ ...meta.part_words }, inflected.parts, p => p in PARTS);
  const ambiguousParts = new Set(meta.ambiguous_parts || []);
  // a visitor's weekday or part of the day: read where another word of its language is said
  const foreignWords = meta.foreign_words || {};
  const visitorWords = Object.fromEntries(
    Object.entries(meta.visitor_words || {}).map(([code, ws]) => [code, new Set(ws)]));
  // (`w`: the word said at toks[i], to toks[end]: a run said whole, "土曜日")
  const alone = (toks, i, w = toks[i], end = i + 1) => {
    const code = foreignWords[w];
    if (!code) return false;
    const near = [toks[i - 1], toks[end]].filter(t => t !== w);
    if (near.some(t => t in dayWords || t in partWords)) return false;
    // (a word the talks hold shows no language: "con", "die" in an English program)
    return !toks.some((t, j) => (j < i || j >= end) && t !== w && !df.has(t) &&
      ((visitorWords[code] && visitorWords[code].has(t)) || foreignWords[t] === code));
  };
  Object.keys(PARTS).forEach(p => { partWords[p] = p; });
  Object.keys(partWords).forEach(w => { if (!(partWords[w] in PARTS)) delete partWords[w]; });
  // a part of the day said in more than one word ("après-midi"), of the program's own
  // languages (a visitor's is read only with another word of theirs: `alone`)
  const partsByWords = Object.entries(partWords).map(([w, p]) => [words(w), p, w])
    .filter(([seq, , w]) => seq.length > 1 && !(w in foreignWords));
  // ...and so a weekday ("sexta-feira": the site's words are cut at the hyphen)
  const daysByWords = Object.entries(dayWords).map(([w, d]) => [words(w), d, w])
    .filter(([seq, , w]) => seq.length > 1 && !(w in foreignWords));
  // a digit of any script as its ASCII one, as the server's terms.ascii_digits (the
  // export's `digits`: the zero of each script's run of ten): "اتاق ۲" is room 2
  const ZEROS = [...(meta.digits || '')].map(c => c.codePointAt(0)).sort((a, b) => a - b);
  const asciiDigits = text => (!ZEROS.length || !/[^\x00-\x7f]/u.test(text) ? text :
    text.replace(/\p{Nd}/gu, d => {
      const c = d.codePointAt(0), zero = ZEROS.filter(z => z <= c && c - z < 10).pop();
      return zero === undefined ? d : String(c - zero);
    }));
  // (a room written in other digits also by its name in ASCII ones, as the server's
  // vocab.py `_add_room_names`: "اتاق 2" of "اتاق ۲")
  const roomsByWords = meta.rooms.flatMap(r => [...new Set([r, asciiDigits(r)])].map(n => [words(n), r]))
    .filter(([w]) => w.length);
  // a room said in full ("ホールA", "Hall B"): its name, spaces or none between its
  // words, no case, no accent, not part of a longer word ("hall and" is no "Hall A",
  // "room 10" no "Room 1")
  const inFull = room => new RegExp(`(?<!${SPACED})` + fold(room).trim().split(/\s+/)
    .map(w => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*') + `(?!${SPACED})`, 'u');
  // the ways to leave something out (the server's index/search/read/lexicon.py, as the
  // export writes them): before words or a limit ("but not", "except"), before a limit
  // only ("not", "avoid"), after a limit ("excluded")
  const cues = kind => ((meta.leave_out || {})[kind] || []).map(c => runCue(c.map(fold)) ? [c.map(fold).join('')] : words(c.join(' ')))
    .filter(c => c.length).sort((a, b) => b.length - a.length);
  const CUE_WORDS = cues('words'), CUE_LIMITS = cues('limits'), CUE_AFTER = cues('after');
  // the cues said after a limit in Japanese, read in its runs (`queryWords`)
  const RUN_CUES = ((meta.leave_out || {}).after || []).map(c => c.map(fold)).filter(runCue);
  // the words a run of Chinese characters is cut at (`cutAtKnown`), as the server cuts it
  const RUN_WORDS = new Set(meta.run_words || []);
  // ...and the particles cut off beside them ("的")
  const RUN_PARTICLES = new Set(meta.run_particles || []);
  // the words for talks of the languages a visitor may ask in (the server's lexicon.TALK_NOUNS)
  const TALK_NOUNS = new Set((meta.talk_nouns || []).flatMap(words));
  // right after a cue, a word that hedges rather than leaves out ("but not only", "but
  // not exclusively", "nicht nur")
  const hedges = new Set(words(((meta.leave_out || {}).only || []).join(' ')));
  // the function words the server lets stand between a cue and its limit ("sauf le
  // samedi", "pero no el sábado", "niet op zaterdag"), never a word left out
  const between = new Set(words(((meta.leave_out || {}).between || []).join(' ')));
  const gap = w => STOP.has(w) || ownStop.has(w) || between.has(w);
  // rooms left out as a list ("not in room 2 or room 3", "nicht in Raum 2 oder Raum 3"):
  // the words joining them and the words before a place, as the server's
  // index/search/read/roomlists.py `listed`
  const LIST_JOINS = new Set(((meta.leave_out || {}).joins || []).map(fold));
  const LIST_PLACES = new Set(((meta.leave_out || {}).places || []).map(fold));
  const hedged = w => w !== undefined && (hedges.has(w) || w.endsWith('ly'));
  const tracksByWords = meta.tracks.map(t => [words(t), t]).filter(([w]) => w.length);
  const surnames = new Map();
  for (const t of talks) for (const s of t.speakers) {
    const w = words(s);
    if (w.length) surnames.set(w[w.length - 1], s);
  }
  // -- rooms, speakers and tracks said in another case, full names and buildings, as
  // the server's reader reads them (the export's `names`): a word of a name answers for
  // its inflected forms where a language of the talks inflects ("v místnosti 102" of
  // "Místnost 102", "доповіді Ірини Коваленко": `Vocab.name_forms`, inflection.py's rule)
  const NAMES_READ = meta.names || {};
  const NF = NAMES_READ.forms || {};
  const nfStems = new Map(Object.entries(NF.stems || {}));
  const nfShared = new Map(Object.entries(NF.shared || {}));
  const nfBlocked = new Set(NF.blocked || []);
  const nfWord = w => typeof w === 'string' && !nfBlocked.has(w) && A_WORD.test(w);
  // the name's word `w` is a form of, or `w` (inflection.py `Inflected.get`)
  const baseOf = w => {
    if (!nfStems.size || !nfWord(w)) return w;
    for (let e = 1; e <= NF.max_ending; e++) {
      if (w.length > e && nfStems.has(w.slice(0, -e))) return nfStems.get(w.slice(0, -e));
    }
    return w;
  };
  // every word of a name `w` may be a form of, those of a stem two names share too
  // ("jana": Jan or Jana; `Inflected.forms_of`)
  const formsOf = w => {
    if (!nfWord(w)) return [];
    const found = new Set();
    for (let e = 1; e <= NF.max_ending; e++) {
      const stem = w.length > e ? w.slice(0, -e) : '';
      if (nfShared.has(stem)) nfShared.get(stem).forEach(v => found.add(v));
      else if (nfStems.has(stem)) found.add(nfStems.get(stem));
    }
    return [...found];
  };
  // the longest run of free words from toks[i] that is a name of `entries` ([words,
  // value]): as written, or each word one of its forms, or, of two or three words, their
  // forms one name only fits ("Jana Nováka": Jan Novák), as whenwords.py `match_seq`:
  // [value, n], or null
  function namedAt(entries, toks, i, free, longest = 6) {
    for (let n = Math.min(longest, toks.length - i); n > 0; n--) {
      if (toks.slice(i, i + n).some((_, j) => !free(i + j))) continue;
      const key = toks.slice(i, i + n);
      const as = said => entries.find(([seq]) => seq.length === n && seq.every((w, j) => w === said[j]));
      const hit = as(key) || (nfStems.size ? as(key.map(baseOf)) : undefined);
      if (hit) return [hit[1], n];
      if (nfShared.size && n >= 2 && n <= 3) {
        const each = key.map(w => new Set([w, ...formsOf(w)]));
        const said = new Set(entries.filter(([seq]) => seq.length === n && seq.every((w, j) => each[j].has(w)))
          .map(([, v]) => v));
        if (said.size === 1) return [[...said][0], n];
      }
    }
    return null;
  }
  // whether toks[i..] say the name `seq`, each word as written or one of its forms
  const namedAs = (seq, toks, i) => seq.every((w, j) => {
    const t = toks[i + j];
    return t === w || (t !== undefined && (baseOf(t) === w || (seq.length > 1 && formsOf(t).includes(w))));
  });
  // a speaker's full name, where it stands in a question not long, or after "by"
  // (understand.py `person`)
  const speakersByWords = [...new Set(talks.flatMap(t => t.speakers))].map(s => [words(s), s])
    .filter(([w]) => w.length > 1);
  const NAME_BY_WORDS = new Set(NAMES_READ.by || []);
  // a building by the letters its rooms' codes start with ("building K", "the K
  // building": buildings.py `read`), any of its rooms
  const BUILDINGS = NAMES_READ.buildings || {};
  const buildingWords = new Set(BUILDINGS.words || []);
  // (a building of one letter is a word of the query there: `queryWords` keeps it)
  const BUILDING_LETTERS = buildingWords.size ? { words: buildingWords, letters: new Set(Object.keys(BUILDINGS.rooms)) } : null;

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
    return bestD <= most && !aForm(w, best) ? best : w;
  }
  // a form of a word the talks hold, where a language of theirs inflects ("безпеки" of
  // "безпека"): no typo, as on the server (kb.py `_inflected_form`; export.py `forms`)
  const FORMS = meta.forms || {};
  const aForm = (w, c) => !!FORMS.max_ending && c.length >= FORMS.min && A_WORD.test(w) &&
    [...Array(FORMS.max_ending).keys()].some(e => w.length > e + 1 && w.slice(0, -(e + 1)) === c.slice(0, -1));
  // a word the talks hold as they write it ("ασφάλεια", not the folded "ασφαλεια"): what
  // a correction shows (made once, on the first correction)
  let spellings = null;
  const spelled = w => {
    if (!spellings) {
      spellings = new Map();
      for (const d of docs) asWritten(d.talk, [], term, spellings);
    }
    return spellings.get(w) || w;
  };

  // -- clock times, days by their order or date, the talks' languages: the server's
  // reader's words and rules as the export writes them (export.py `reading`)
  const CLOCK = READ.clock || { cues: [], after: {}, units: [], time: '(?!)' };
  const TIME = new RegExp(CLOCK.time, 'u');
  const DAYS = READ.days || { nouns: [], glued: [], ordinals: {}, ordinals_after: {}, numbers: {}, months: [], month_words: {}, cjk_date: '(?!)' };
  const CJK = new RegExp(`^(?:${DAYS.cjk_date})$`, 'u');
  // what is one word to the server's reader that the site's words cut: a clock time
  // with its minutes ("15:00", "14.30"), a date ("2026-11-15", "3/2", "11月15日")
  const WHOLE = new RegExp(`(?<![\\p{N}.:/-])(${DAYS.cjk_date.replace(/\((?!\?)/g, '(?:')}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}|\\d{1,2}[:.]\\d{2})(?![\\p{N}]|[.:/-]\\p{N}|[a-z])`, 'u');
  // the cues before a clock time, each as the site's words, the longest first
  // (a cue's word of one letter stays one: `queryWords` keeps it before a number)
  const cueWords1 = ws => ws.flatMap(w => (fold(w).length === 1 ? [fold(w)] : words(w)));
  const clockCues = CLOCK.cues.map(([ws, ...rest]) => [cueWords1(ws), ...rest])
    .filter(([ws]) => ws.length).sort((a, b) => b[0].length - a[0].length);
  const clockUnits = new Set(CLOCK.units);
  const DOTTED = CLOCK.dotted;  // (timecues.py `_plainly`: [first hour, last, minutes])
  const cueWords = new Set(clockCues.flatMap(([ws]) => ws));
  const LETTERS = new Set([...cueWords].filter(w => w.length === 1));
  const two = n => String(n).padStart(2, '0');

  function clockAt(toks, i) {
    // a clock time at toks[i] ("15:00", "3pm", "3 pm", "10h30", a bare "3": 15:00, a
    // guess), as the server's clockwords.py `clock`: {hm, used, guessed}
    if (i >= toks.length) return null;
    let text = toks[i], used = 1;
    if (['am', 'pm'].includes(toks[i + 1]) && /^\d+$/.test(text)) { text += toks[i + 1]; used = 2; }
    const m = TIME.exec(text);
    if (!m) return null;
    let hour = Number(m[1]), guessed = false;
    const minute = Number(m[2] || 0), half = m[3];
    if (hour === 0 && !half && !m[2]) return null;
    if (half && half.startsWith('p') && hour < 12) hour += 12;
    else if (half && half.startsWith('a') && hour === 12) hour = 0;
    else if (!half && !m[2] && hour >= 1 && hour <= 7) { hour += 12; guessed = true; }
    if (hour > 23 || minute > 59) return null;
    if (!half && text.includes('.') && minute % 5) return null;  // "3.11": a version
    return { hm: `${two(hour)}:${two(minute)}`, used, guessed };
  }

  const EXPLICIT = new RegExp(`^(?:${CLOCK.explicit || '(?!)'})$`, 'u');
  const RANGES = CLOCK.ranges || {};
  const cueAt = (toks, i, free, kinds = null) => clockCues.find(([ws, cue]) =>
    (!kinds || kinds.includes(cue)) && ws.every((w, k) => toks[i + k] === w && free(i + k)));

  function readRange(toks, i, free) {
    // "between 2 and 4pm", "from 10:00 to 12:00", "dalle 15 alle 18": both limits, as the
    // server's whenwords.py `time_range` (none where it ends before it starts)
    const open = cueAt(toks, i, free, Object.keys(RANGES));
    if (!open || !RANGES[open[1]]) return null;
    const j = i + open[0].length, a = free(j) && clockAt(toks, j);
    if (!a) return null;
    const k = j + a.used, joins = RANGES[open[1]];
    const join = joins.includes(toks[k]) ? [[toks[k]]] : cueAt(toks, k, free);
    if (!join || !free(k) || !(joins.includes(join[1]) || ['at', 'until'].includes(join[1]) || join[0].length === 1 && joins.includes(join[0][0]))) return null;
    const b = free(k + join[0].length) && clockAt(toks, k + join[0].length);
    if (!b) return null;
    let start = a.hm;
    const end = b.hm;
    const earlier = `${two(Number(start.slice(0, 2)) - 12)}${start.slice(2)}`;  // "between 6 and 8am"
    if (a.guessed && start >= end && earlier < end) start = earlier;
    if (start >= end) return null;
    return { from: i, to: k + join[0].length + b.used, start, end };
  }

  function readTime(toks, i, free) {
    // a cue and the clock time after it ("after 15:00", "dopo le 21", "nach 14 Uhr"), or
    // a time and the cue said after it ("15:00 以后"), as the server's whenwords.py `time`
    // and timecues.py read them: {from, to, field, hm}
    for (const [ws, cue, theirs, english] of clockCues) {
      if (!ws.every((w, k) => toks[i + k] === w && free(i + k))) continue;
      const j = i + ws.length, found = clockAt(toks, j);
      const field = { after: 'after', from: 'after', before: 'before', until: 'before', at: 'at', around: 'at' }[cue];
      if (!found || !field || !free(j) || (cue === 'around' && found.guessed)) continue;
      const next = toks[j + found.used], bareHour = /^\d+$/.test(toks[j]);
      // a bare number before another word is a count ("vor 20 Jahren"), not a time
      if (!english && bareHour && next && next.length > 3 && A_WORD.test(next) && !clockUnits.has(next) &&
        !(next in dayWords) && !(next in partWords) && !cueWords.has(next)) continue;
      // a cue of a language no talk is in: only a time that can be nothing else
      // (timecues.py `_plainly`: "14 Uhr", "15h", "10:30"; "dopo le 17": past noon)
      const dotted = /^(\d{1,2})\.(\d{2})$/.exec(toks[j]);
      const plain = dotted ? Number(dotted[1]) >= DOTTED[0] && Number(dotted[1]) <= DOTTED[1] && DOTTED[2].includes(dotted[2])
        : !bareHour || clockUnits.has(next) || found.used > 1 || (ws.length > 1 && Number(toks[j]) > 12);
      if (!theirs && !plain) continue;
      const unit = clockUnits.has(next) ? 1 : 0;
      return { from: i, to: j + found.used + unit, field, hm: found.hm };
    }
    // (a cue of two words first, as timecues.py `_cue_after`: "के बाद", "से पहले")
    const cueAfter = j => [2, 1].find(n => toks.slice(j, j + n).length === n &&
      toks.slice(j, j + n).every((_, k) => free(j + k)) && Object.hasOwn(CLOCK.after, toks.slice(j, j + n).join(' '))) || 0;
    // an hour with its word for o'clock before such a cue ("14 बजे के बाद"): "14h"
    const unit = /^\d+$/.test(toks[i] || '') && clockUnits.has(toks[i + 1]) && free(i + 1) && cueAfter(i + 2) ? 1 : 0;
    const found = free(i) && (unit ? clockAt([`${toks[i]}h`], 0) : clockAt(toks, i));
    const timed = found && found.used === 1 && (unit || !/^\d+$/.test(toks[i]));
    const said = timed ? cueAfter(i + 1 + unit) : 0;
    const cue = said && CLOCK.after[toks.slice(i + 1 + unit, i + 1 + unit + said).join(' ')];
    const field = cue && { after: 'after', from: 'after', before: 'before', until: 'before' }[cue];
    return field ? { from: i, to: i + 1 + unit + said, field, hm: found.hm } : null;
  }

  const ABSENT_SHORT = new Set((DAYS.absent || {}).short || []);
  const FRAME = new Set(READ.frame || []);  // (a question's frame words: understand.py FRAME)
  const dayNouns = new Set(DAYS.nouns);
  // (...and in another case after an ordinal, where a language of the talks inflects
  // it: Greek "της τρίτης μέρας", of the third day, as the server's
  // lexicon.day_noun_forms reads them: the export's `noun_forms`)
  const dayNounForms = inflecting({}, DAYS.noun_forms);
  const gluedNumber = new Set(DAYS.glued_number), prefixes = DAYS.prefixes;
  // (an ordinal's inflected forms too, where a language of the talks inflects it:
  // "τρίτης" of "τρίτη", as the server's lexicon.day_ordinals reads them)
  const ORDINALS = inflecting({ ...DAYS.ordinals }, DAYS.ordinal_forms);
  const ORDINALS_AFTER = inflecting({ ...DAYS.ordinals_after }, DAYS.ordinal_after_forms);
  const ordinalOf = w => (w in ORDINALS ? ORDINALS[w] : 0);
  function ordinalAfter(toks, i, free) {
    // the ordinal said at toks[i] after the day's noun, in one word or two, and the
    // tokens from the noun on; not where its words name a weekday the program has talks
    // on ("ngày thứ hai": Monday's): as the server's whenwords.py `_ordinal_after`
    for (const n of [2, 1]) {
      const said = toks.slice(i, i + n);
      if (said.length < n || !said.every((_, k) => free(i + k))) continue;
      const key = said.join(' ');
      if (key in dayWords && meta.days.some(x => (new Date(x + 'T12:00:00Z').getUTCDay() + 6) % 7 === dayWords[key])) return [0, 0];
      if (ORDINALS_AFTER[key]) return [ORDINALS_AFTER[key], n + 1];
    }
    return [0, 0];
  }

  function ordinalDay(toks, i, free, past = false) {
    // "day 2", "day two", "first day", "primo giorno", "第一天", "اليوم الأول": a day
    // of the program by its order ("last": its last), as the server's whenwords.py
    // `day` reads it: {n (tokens), day}; with `past`, one after the program's last
    // ("day 9", "third day" of a program of two days) too: {n, day: null, past: 9}
    const w = toks[i], next = toks[i + 1], days = meta.days;
    const nth = n => (n && n >= -1 && n <= days.length ? days[n < 0 ? days.length - 1 : n - 1] : null);
    let beyond = null;
    const read = (n, k) => {
      if (nth(n)) return { n: k, day: nth(n) };
      if (n >= 1 && days.length && !beyond) beyond = { n: k, day: null, past: n };
      return null;
    };
    let found = null;
    if (dayNouns.has(w) && free(i + 1) && next !== undefined) {
      found = read(/^\d+$/.test(next) ? Number(next) : (DAYS.numbers[next] || 0), 2);
      if (found) return found;
    }
    // ...an ordinal after the noun, in one word or two ("اليوم الأول", "siku ya pili"), the
    // noun maybe after a prefix glued to it ("ביום השני")
    if ((dayNouns.has(w) || prefixes.some(p => w.startsWith(p) && dayNouns.has(w.slice(p.length)))) && free(i + 1)) {
      const [n, k] = ordinalAfter(toks, i + 1, free);
      if ((found = read(n, k))) return found;
    }
    // ...an ordinal glued before the noun ("第一天", "첫날"), or a number where the
    // language says its ordinal so ("2일차")
    for (const x of DAYS.glued) {
      if (!(w.length > x.length && w.endsWith(x))) continue;
      const head = w.slice(0, -x.length);
      if ((found = read(ordinalOf(head), 1))) return found;
      if (/^\d+$/.test(head) && gluedNumber.has(x) && (found = read(Number(head), 1))) return found;
    }
    const nounAfter = dayNouns.has(next) || (next !== undefined && next in dayNounForms);
    if (nounAfter && free(i + 1) && (found = read(ordinalOf(w), 2))) return found;
    return past ? beyond : null;
  }

  function dateOf(a, b) {
    // the date the words a (and b, the next word) say, in the program's year ("3rd feb",
    // "feb 3", "20 ноября", "2026-11-15", "11月15日", "2/3" where one way is a day of
    // the program), as the server's daywords.py `date_of`: "YYYY-MM-DD" or null
    const months = DAYS.month_words, short = DAYS.months;
    if (!a || !(/^\d/.test(a) || short.includes(a.slice(0, 3)) || Object.hasOwn(months, a))) return null;
    const years = [...new Set(meta.days.map(d => Number(d.slice(0, 4))))].sort();
    if (!years.length) years.push(new Date().getFullYear());
    const real = (y, m, d) => {
      const t = new Date(Date.UTC(y, m - 1, d));
      return t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? t.toISOString().slice(0, 10) : null;
    };
    const cjk = !b && CJK.exec(a);
    if (cjk) return real(cjk[1] ? Number(cjk[1]) : years[0], Number(cjk[2]), Number(cjk[3]));
    const slashed = !b && /^(\d{1,2})\/(\d{1,2})$/.exec(a);
    if (slashed) {
      const [x, y] = [Number(slashed[1]), Number(slashed[2])];
      const held = new Set(years.flatMap(yr => [real(yr, y, x), real(yr, x, y)]).filter(d => meta.days.includes(d)));
      return held.size === 1 ? [...held][0] : null;
    }
    if (!b && /^\d{4}-\d{2}-\d{2}$/.test(a)) return real(...a.split('-').map(Number));
    const [dayS, monthS] = /^\d/.test(a) ? [a, b] : [b, a];
    const m = /^(\d{1,2})(st|nd|rd|th)?$/.exec(dayS || '');
    if (!m || !b || !(short.includes(monthS.slice(0, 3)) || Object.hasOwn(months, monthS))) return null;
    const month = months[monthS] || short.indexOf(monthS.slice(0, 3)) + 1;
    return real(years[0], month, Number(m[1]));
  }

  function dateDay(toks, i, free) {
    // a date of the program said at toks[i] (one word or two), as the server reads it
    // first: the two words where they say a date ("3 feb", not "3")
    const w = toks[i], next = free(i + 1) ? toks[i + 1] : undefined;
    const both = next !== undefined && dateOf(w, next);
    if (both) return meta.days.includes(both) ? { n: 2, day: both } : null;
    const one = dateOf(w, '');
    return one && meta.days.includes(one) ? { n: 1, day: one } : null;
  }

  const LANG = READ.languages || { names: [], english: {}, cues: [], articles: [], said: [], group: [], before: [], after_noun: [], in_one_word: {}, adjectives: {}, own_cues: {}, words: [] };
  const langNames = LANG.names.map(([ws, code]) => [ws.flatMap(w => words(w)), code])
    .filter(([ws]) => ws.length).sort((a, b) => b[0].length - a[0].length);
  // "in" a language said in one word ("по-английски": the site's words cut it at "-")
  const langSaidIn = Object.entries(LANG.in_one_word).map(([w, code]) => [words(w), code])
    .filter(([ws]) => ws.length).sort((a, b) => b[0].length - a[0].length);
  const [langCues, langArticles, langSaid, langGroup, langBefore, langWords] =
    [LANG.cues, LANG.articles, LANG.said, LANG.group, LANG.before, LANG.words].map(ws => new Set(ws));
  // (the words for talks a language's name is said after: "سخنرانی‌های فارسی")
  const langAfterNoun = (LANG.after_noun || []).map(w => words(w)).filter(ws => ws.length);
  // a word that a format character inside it (a zero-width non-joiner: "سخنرانی‌های")
  // cuts into the site's words, and that the server's reader reads whole, the character
  // dropped (whenwords.py `_FORMAT_CHARS`): its pieces joined by "\0" -> the whole word
  const FORMAT = READ.format ? new RegExp(READ.format, 'u') : null;
  function joinedWords(query) {
    const out = new Map();
    if (!FORMAT) return out;
    for (const w of query.split(/\s+/u)) {
      if (!FORMAT.test(w)) continue;
      const pieces = words(w), whole = words(w.replace(new RegExp(READ.format, 'gu'), ''));
      if (pieces.length > 1 && whole.length === 1) out.set(pieces.join('\0'), whole[0]);
    }
    return out;
  }
  // whether the server's word `ws` (its site's words) ends right before toks[i], said
  // as those words or as one cut by a format character (`joinedWords`)
  const endsBefore = (ws, toks, i, free, joined) => {
    const at = (from, to) => from >= 0 && [...Array(to - from).keys()].every(k => free(from + k));
    if (ws.every((x, k) => toks[i - ws.length + k] === x) && at(i - ws.length, i)) return true;
    return ws.length === 1 && [2, 3].some(k => at(i - k, i) && joined.get(toks.slice(i - k, i).join('\0')) === ws[0]);
  };

  function language(toks, i, free, joined) {
    // "talks in German", "auf Deutsch", "en français", "English talks", "英文演讲",
    // "по-английски", "englischsprachige Vorträge": a language some talk is in, read
    // as the server's understand.py `language` reads it: {from, to, code}
    const w = toks[i], has = (j, set) => free(j) && set.has(toks[j]);
    const found = free(i) && langNames.find(([ws]) => ws.every((x, k) => toks[i + k] === x && free(i + k)));
    if (found) {
      const [ws, code] = found, end = i + ws.length;
      const cued = has(i - 1, langCues);
      // (two cues in a row: "in" and the word for "language", "به زبان فارسی"; both
      // the limit's, so that a cue before them leaves it out: "نه به زبان فارسی")
      const twice = cued && has(i - 2, langCues) && toks[i - 2] !== toks[i - 1];
      const article = !cued && has(i - 2, langCues) && has(i - 1, langArticles);
      const named = has(end, langSaid);
      const followed = named || has(end, langBefore);
      const opening = i === 0 && [end, end + 1, end + 2].some(j => langGroup.has(toks[j]));
      // a word for talks before it, in a language that names a language after its noun
      const afterNoun = langAfterNoun.some(n => endsBefore(n, toks, i, free, joined));
      // its name said with the word for "language" first ("tiếng Việt")
      const worded = ws.length > 1 && langWords.has(ws[0]);
      if (cued || article || followed || opening || afterNoun || worded) {
        return { from: i - (cued ? 1 : 0) - (twice ? 1 : 0) - (article ? 2 : 0), to: end + (named ? 1 : 0), code };
      }
    }
    const said = langSaidIn.find(([ws]) => ws.every((x, k) => toks[i + k] === x && free(i + k)));
    if (said) return { from: i, to: i + said[0].length, code: said[1] };
    const adjective = free(i) && Object.hasOwn(LANG.adjectives, w) && LANG.adjectives[w];
    if (!adjective) return null;
    const [code, alone, saidIn, afterNoun] = adjective;
    if (free(i - 1) && (LANG.own_cues[saidIn] || []).includes(toks[i - 1])) {
      return { from: i - 1, to: i + 1 + (has(i + 1, langWords) ? 1 : 0), code };
    }
    const noun = has(afterNoun ? i - 1 : i + 1, langGroup);
    const opening = alone && i === 0 && [1, 2, 3].some(j => langGroup.has(toks[j]));
    return noun || opening ? { from: i, to: i + 1, code } : null;
  }

  // an hour said by its word after its number ("3시", "15時", "下午三点", "10点30分",
  // "3点半"), as the server's timecues.py `_hours_said_in_words` reads it: written as its
  // clock time ("15:00") in the query, a part of the day said before it joined to it
  // ("오후 3시": 3pm; with none, an hour 1 to 7 is an afternoon one), a cue glued after
  // it cut off ("3点后", "15時以降"); only where the hour's word ends its word, or a
  // cue, a particle or a postposition follows ("3시간", "3点建议" stay words)
  const HOURS = CLOCK.hours || { hours: [], minutes: [], halves: [], han: {}, particles: [], posts: [], pm: [] };
  const esc = w => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alt = ws => [...ws].sort((a, b) => b.length - a.length).map(esc).join('|');
  // (the hours in Chinese numerals, and in a language's own: Korean "세 시")
  const NUMERALS = { ...HOURS.han, ...(HOURS.numerals || {}) };
  const NUMBER = `\\d{1,2}|${alt(Object.keys(NUMERALS))}`;
  const SAID = `(${NUMBER})\\s?(${alt(HOURS.hours)})` +
    `(?:\\s?(\\d{1,2})(${alt(HOURS.minutes)})|(${alt(HOURS.halves)}))?`;
  const SAID_HOUR = HOURS.hours.length && new RegExp(SAID, 'gu');
  const SAID_FIRST = HOURS.hours.length && new RegExp(`^(?:${SAID})`, 'u');
  // a range's first hour said without its word, before a join ("2-4点", "오후 2~4시")
  const FIRST_HOUR = new RegExp(`(${NUMBER})\\s?(\\S)\\s?$`, 'u');
  const JOINS = new Set(HOURS.joins || []), FROMS = new Set(HOURS.froms || []);
  const hourOf = said => (/^\d/.test(said) ? Number(said) : NUMERALS[said]);
  const EAST = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af\u3040-\u30ff\u3400-\u9fff]/u;
  const partsSaid = [...Object.entries(meta.part_words || {}), ...Object.entries(HOURS.parts || {}),
    ...Object.keys(PARTS).map(p => [p, p])].filter(([, p]) => p in PARTS).map(([w, p]) => [w.normalize('NFC'), p]);
  function partBefore(q, at) {
    // the part of the day said right before q[at:] (where it starts, which part), as
    // timecues.py `_part_before` (a word of one letter only in an East Asian script,
    // glued to the hour: "晚8点")
    const before = q.slice(0, at).trimEnd(), glued = before.length === at;
    for (const [word, part] of partsSaid) {
      if (!(word.length > 0 && word.length <= before.length)) continue;
      if (word.length === 1 && !(glued && EAST.test(word))) continue;
      if (fold(before.slice(-word.length)) !== fold(word)) continue;
      const start = before.length - word.length;
      if (start && /\p{L}/u.test(before[start - 1]) && !EAST.test(word[0])) continue;
      return [start, part];
    }
    return [at, null];
  }
  // (an hour said in a part after noon is pm, but a night's small hours: "夜中2時")
  const pmOf = (part, hour) => HOURS.pm.includes(part) && !(part === 'night' && hour < 6);
  // the hour (1 to 12) said with a part of the day on the 24-hour clock; with none, an
  // hour 1 to 7 is an afternoon one (timecues.py `in_part`)
  const inPart = (hour, part) => ((pmOf(part, hour) && hour < 12) || (part === null && hour >= 1 && hour <= 7) ? hour + 12 : hour);
  const aloneAfter = text => {
    const next = unglued(words(text)[0]);
    return next === undefined || TALK_NOUNS.has(next) || next in CLOCK.after || next in dayWords || next in partWords;
  };
  // a Chinese numeral before the hour that ends no word the reader or the base knows
  // goes on the number ("二十三点"; "周六3点" is Saturday, 3pm): timecues.py `_a_number`
  const RUN_ENDS = [...RUN_WORDS, ...Object.keys(meta.day_words || {})].filter(w => w.length > 1);
  const aNumber = (q, at) => at > 0 && q[at - 1] in HOURS.han && !RUN_ENDS.some(w => fold(q.slice(0, at)).endsWith(w));
  function firstHour(q, at) {
    // the first hour of a range said once with its word ("2-4点", "15-17時", "오후 2~4시"),
    // as timecues.py `_first_hour`: [from, to, its clock time], or null
    const m = FIRST_HOUR.exec(q.slice(0, at));
    if (!m || !JOINS.has(fold(m[2]))) return null;
    const before = m.index ? q[m.index - 1] : '';
    if (before && ((/[\p{L}\p{N}]/u.test(before) && !EAST.test(before)) || '-.:/'.includes(before))) return null;
    let hour = hourOf(m[1]);
    const [start, part] = partBefore(q, m.index);
    hour = inPart(hour, part);
    return hour <= 23 ? [start, m.index + m[1].length, `${two(hour)}:00`] : null;
  }
  function hoursSaid(q) {
    // an hour said by its word after its number ("3시", "15時", "下午三点", "10点30分",
    // "3点半", "세 시"), as the server's timecues.py `_hours_said_in_words` reads it:
    // written as its clock time ("15:00") in the query, a part of the day said before
    // it joined to it ("오후 3시": 3pm; with none, an hour 1 to 7 is an afternoon one), a
    // cue glued after it cut off ("3点后", "15時以降"); only where the hour's word ends
    // its word, or a cue, a particle or a postposition follows ("3시간", "3点建议" stay
    // words); two such hours with a join between them a range ("2点到4点", "2-4点":
    // `_hour_ranges`), written "from 14:00 to 16:00" as the clock reader reads it
    if (!SAID_HOUR) return q;
    const said = [];  // [from, to, clock time] of q, the last first
    const read = new Set();  // (where the hours read start)
    for (const m of [...q.matchAll(SAID_HOUR)].reverse()) {
      const end = m.index + m[0].length, before = m.index ? q[m.index - 1] : '';
      if ((/[\p{L}\p{N}]/u.test(before) && !EAST.test(before)) || aNumber(q, m.index)) continue;
      if (/\p{L}/u.test(before) && !(m[1] in HOURS.han) && !/^\d/.test(m[1])) continue;  // ("프로세 시")
      const rest = q.slice(end).match(/^\S*/u)[0];
      let cue = rest.length;
      while (cue > 0 && !(fold(rest.slice(0, cue)) in CLOCK.after)) cue--;
      const glued = rest.slice(cue);
      const skip = !cue && JOINS.has(fold(glued.slice(0, 1))) ? 1 : 0;
      // (the second hour may hold a space: "두 시~세 시"; one not read as an hour, "3시
      // AI", makes no range: no first hour alone, "at 14:00", of "2시~3시 AI")
      const ranged = Boolean(cue || skip) && read.has(end + cue + skip) && SAID_FIRST.test(q.slice(end + cue + skip));
      if (skip && !ranged) continue;
      if (glued && !ranged && !HOURS.particles.some(p => glued.startsWith(p)) && !HOURS.posts.includes(glued)) continue;
      let hour = hourOf(m[1]);
      const minute = m[5] ? 30 : Number(m[3] || 0);
      const [start, part] = partBefore(q, m.index);
      if (part === null && !cue && !ranged && !aloneAfter(q.slice(end + rest.length))) continue;
      hour = inPart(hour, part);
      if (hour > 23 || minute > 59) continue;
      said.push([start, end + (HOURS.posts.includes(glued) && !cue ? glued.length : 0), `${two(hour)}:${two(minute)}`]);
      read.add(m.index);
      const first = firstHour(q, m.index);
      if (first) said.push(first);
    }
    let out = q, last = Infinity;
    for (const [from, to, time] of said) {
      if (to > last) continue;
      out = out.slice(0, from) + ` ${time} ` + out.slice(to);
      last = from;
    }
    return JOINS.size ? hourRanges(out) : out;
  }
  function hourRanges(q) {
    // two clock times with a join between them ("14:00 到 16:00") made "from 14:00 to
    // 16:00", the second in the first's half of the day where it would end before it
    // starts ("晚上7点到9点"), a word said before the range's first ("从") its "from",
    // as timecues.py `_hour_ranges`
    const parts = q.split(/(\s+)/u);  // (words at the even places)
    for (let k = parts.length - 5; k >= 0; k -= 2) {
      const [a, join, b] = [parts[k], parts[k + 2], parts[k + 4]];
      if (!JOINS.has(fold(join)) || !/^\d\d:\d\d$/.test(a) || !/^\d\d:\d\d$/.test(b)) continue;
      let end = b;
      const h = Number(b.slice(0, 2));
      if (b <= a && h < 12 && two(h + 12) > a.slice(0, 2)) end = `${two(h + 12)}${b.slice(2)}`;
      const from = k >= 2 && FROMS.has(fold(parts[k - 2]));
      if (from) parts[k - 2] = '';
      parts[k] = `from ${a}`;
      parts[k + 2] = 'to';
      parts[k + 4] = end;
    }
    return parts.join('');
  }
  // a time's case ending joined to it by an apostrophe or a hyphen ("15:00'ten sonra",
  // "15:00-ից հետո": after 15:00)
  // and a word said before a time that adds nothing to it ("saat 10'da": at 10:00), as
  // the server's timecues.py `_said_before` and `_said_after`: the word before joined to
  // the time, written as the clock reader reads it (a bare hour made one: "10:00"), its
  // ending off; an ending off before a cue said after the time
  const ENDINGS = new Set((CLOCK.endings || []).map(fold));
  const SAID_BEFORE = new Set((CLOCK.said_before || []).map(fold));
  function endingsOff(q) {
    if (!ENDINGS.size && !SAID_BEFORE.size) return q;
    const parts = q.split(/(\s+)/u);  // (words at the even places)
    for (let k = 0; k < parts.length; k += 2) {
      const m = /^(\d{1,2}(?:[:.]\d{2})?)(?:['\u2019-](\p{L}+))?$/u.exec(parts[k]);
      if (!m) continue;
      const ending = m[2] === undefined ? null : fold(m[2]);
      if (ending !== null && !ENDINGS.has(ending)) continue;
      const found = k >= 2 && SAID_BEFORE.has(fold(parts[k - 2])) && clockAt([m[1]], 0);
      if (found) {
        parts[k - 2] = '';
        parts[k] = found.hm;
      } else if (ending !== null && fold(parts[k + 2] || '') in CLOCK.after) parts[k] = m[1];
    }
    return parts.join('');
  }
  // an hour counted from dawn after its word, in a language of the talks (Swahili "saa
  // 4": 10:00, "saa 4 asubuhi": 10:00, "saa 2 usiku": 20:00: the export's table of the
  // server's timecues.py `from_dawn`), and a bare hour with its word after it, spaced or
  // glued ("4 மணிக்கு", "৪টায়": 16:00), a part of the day said before it choosing its
  // half ("மாலை 4 மணிக்கு பிறகு", "বিকেল ৪টায়"), only where a cue said after a time or
  // nothing follows it (not "3 மணி நேரம்", "৪টা সেশন"), as timecues.py
  // `_hours_from_dawn` and `_hours_with_their_word`: written as its clock time
  const DAWN = CLOCK.dawn || { words: [], hours: {} };
  const dawnWords = new Set(DAWN.words);
  const DAWN_HOUR = new RegExp(`^(?:${DAWN.hour || '(\\d+)'})$`, 'u');
  const GLUED_UNIT = clockUnits.size && new RegExp(`^(\\d{1,2})(${alt(clockUnits)})$`, 'u');
  const SPANS = new Set(CLOCK.spans || []);
  const lowWord = w => fold(w).replace(/^[?!,;:()[\]{}"“”]+|[?!,;:()[\]{}"“”.]+$/gu, '');
  const partOf = w => (Object.hasOwn(partWords, w) ? partWords[w] : null);
  const cueAfterAt = (ws, j) => [2, 1].some(n => ws.length >= j + n && Object.hasOwn(CLOCK.after, ws.slice(j, j + n).join(' ')));
  // ...and a bare hour said right after a part of the day and before a cue said after a
  // time, its word for o'clock maybe between ("दुपारी ३ नंतर", "दोपहर 3 के बाद": after
  // 15:00, in the afternoon), as timecues.py `_part_before_hour`: the part kept, the
  // hour written as its clock time in that part (`inPart`); never where no cue follows
  // ("दुपारी ३ सत्रे": three afternoon sessions)
  const AFTER_CUES = Object.keys(CLOCK.after || {}).length > 0;
  function hoursCounted(q) {
    if (!dawnWords.size && !GLUED_UNIT && !AFTER_CUES) return q;
    const toks = q.split(/\s+/u).filter(Boolean), ws = toks.map(lowWord);
    const put = (from, to, hour, minutes = '00') => {
      toks.splice(from, to - from, `${two(hour)}:${minutes}`);
      ws.splice(from, to - from, `${two(hour)}:${minutes}`);
    };
    let changed = false;
    for (let i = toks.length - 2; dawnWords.size && i >= 0; i--) {
      // (the hour with its minutes: "saa 4:30 asubuhi", "saa 4:30" 10:30; two digits
      // with no part of the day after them are the 24-hour clock: "saa 12:00")
      const said = dawnWords.has(ws[i]) && DAWN_HOUR.exec(ws[i + 1]);
      if (!said) continue;
      const n = Number(said[1]), part = partOf(ws[i + 2]), minutes = said[2] || '00';
      if (n < 1 || n > 12) continue;
      const parted = part in PARTS && Object.hasOwn(DAWN.hours, part);
      if (said[2] !== undefined && !parted && said[1].length > DAWN.bare_digits) continue;
      if (parted) put(i + 1, i + 3, DAWN.hours[part][n - 1], minutes);
      else put(i + 1, i + 2, DAWN.hours[''][n - 1], minutes);
      changed = true;
    }
    for (let i = toks.length - 1; GLUED_UNIT && i >= 0; i--) {
      const m = GLUED_UNIT.exec(ws[i]);
      const spaced = /^\d+$/.test(ws[i]) && clockUnits.has(ws[i + 1]);
      if (!(m || spaced)) continue;
      const hour = Number(m ? m[1] : ws[i]), end = m ? i : i + 1;
      const next = end + 1 < ws.length ? ws[end + 1] : null;
      if (SPANS.has(next) || hour > 23) continue;
      let part = i ? partOf(ws[i - 1]) : null;
      if (!(part in PARTS && hour <= 12)) part = null;
      if (part === null && next !== null && !cueAfterAt(ws, end + 1)) continue;
      put(part ? i - 1 : i, end + 1, inPart(hour, part));
      changed = true;
    }
    for (let i = 0; AFTER_CUES && i + 2 < ws.length; i++) {
      const part = partOf(ws[i]), hour = /^\d+$/.test(ws[i + 1]) ? Number(ws[i + 1]) : 0;
      if (!(part in PARTS) || hour < 1 || hour > 12) continue;
      const k = i + 2 + (clockUnits.has(ws[i + 2]) ? 1 : 0);  // ("३ वाजता नंतर")
      if (k >= ws.length || !cueAfterAt(ws, k)) continue;
      put(i + 1, k, inPart(hour, part));
      changed = true;
    }
    return changed ? toks.join(' ') : q;
  }
  // a Korean postposition glued to a word ("토요일에", "이후에"), as the server's
  // whenwords.py `_postpositions_off`: off where what is left is a word the site knows
  // (a weekday, a part of the day, a cue after a time, a language, a talk's word) and
  // the whole is none
  const POSTS = READ.postpositions || [];
  // (a day by its order: "첫째 날에", "첫날에", "2일차에", as whenwords.py `a_day`)
  const aDay = w => {
    const noun = DAYS.glued.find(x => w.endsWith(x));
    const first = noun === undefined ? null : w.slice(0, w.length - noun.length);
    return first !== null && (!first || /^\d+$/.test(first) || first in ORDINALS);
  };
  const inOneWord = new Set(Object.keys(LANG.in_one_word || {}).map(fold));  // ("영어로": in English)
  const knownWord = w => w in dayWords || aDay(w) || w in partWords || w in CLOCK.after || df.has(term(w)) ||
    inOneWord.has(w) || LANG.names.some(([ws]) => ws.length === 1 && fold(ws[0]) === w);
  const unglued = w => {
    const end = w && POSTS.find(p => w.length > p.length && w.endsWith(p));
    return end && !knownWord(w) && knownWord(w.slice(0, -end.length)) ? w.slice(0, -end.length) : w;
  };

  // a room asked by the number its name ends in after a word for a room of any
  // language ("ห้อง ๒๐๒", "room 202" of "ห้อง 202"), as the server's understand.py
  // `_numbered_room`: the word the base's rooms use, or any where they use one only;
  // one room so numbered; after a word for a place ("in", "dans la") or as the whole
  // query (the export's `numbered_rooms`): {from, room}, or null
  const NUMBERED = meta.numbered_rooms || {};
  function listedRoom(toks, i, free, query, entries) {
    // the word for a room of the room just read where toks[i] follows it in a list ("in
    // room 2 or room 3", "room 2, room 3", "in room 2 or 3"): the second takes the first's
    // word for a place, as understand.py `_listed_room`; null elsewhere
    const join = NUMBERED.joins.includes(toks[i - 1]) && free(i - 1), end = join ? i - 2 : i - 1;
    const comma = end >= 0 && new RegExp(`(?<![\\p{L}\\p{N}])${esc(toks[end])}\\s*,`, 'u').test(fold(query));
    if (!(join || comma) || end < 1 || free(end)) return null;
    const last = entries[entries.length - 1];
    if (!last || last.field !== 'room' || last.to !== end + 1) return null;
    return Object.hasOwn(NUMBERED.words, toks[end - 1]) ? toks[end - 1] : null;
  }
  function numberedRoom(toks, i, free, query, entries) {
    if (!NUMBERED.words) return null;
    let word = toks[i];
    const listed = listedRoom(toks, i, free, query, entries);
    // ("in room 2 or 3": the number takes the word before)
    if (listed !== null && Object.hasOwn(NUMBERED.rooms, asciiDigits(toks[i]))) { word = listed; i -= 1; }
    // the base's own word for its rooms with a preposition of the talks' language glued
    // before it ("באולם 2": "in" the hall), a word for a place of its own, as the
    // server's `_own_room_noun`
    const own = Object.hasOwn(NUMBERED.words, word) ? undefined :
      prefixes.map(p => word.startsWith(p) && word.slice(p.length)).find(w => w && NUMBERED.nouns.includes(w));
    const codes = own ? NUMBERED.spoken : NUMBERED.words[word];
    if (own) word = own;
    if (!codes || (listed === null && !free(i)) || !free(i + 1)) return null;
    const number = asciiDigits(toks[i + 1]);
    let said = Object.hasOwn(NUMBERED.rooms, number) ? NUMBERED.rooms[number] : [];
    if (NUMBERED.nouns.includes(word) || NUMBERED.nouns.length > 1) said = said.filter(([w]) => w === word);
    if (new Set(said.map(([, room]) => room)).size !== 1) return null;
    // ("room a" is "a room"; "Room A", "hall B" name one)
    if (/^\p{L}$/u.test(number) && !new RegExp(`(?<!\\p{L})${esc(number.toUpperCase())}(?!\\p{L})`, 'u').test(query)) return null;
    // the room named with another word than its own, where its own is no word for a room
    // of the lexicon ("room 2" where the rooms are "Level 1", "Level 2"), says so in its
    // label, as the server's: `for`, where the word and the number it was read for stand
    const other = said[0][0] !== word && !Object.hasOwn(NUMBERED.words, said[0][0]);
    const named = { room: said[0][1], for: other ? [toks[i] === word ? i : toks.lastIndexOf(word, i), i + 1] : null };
    // (in a list, the list's cue: "or room 3")
    if (listed !== null) return { from: i - (word === toks[i] && NUMBERED.joins.includes(toks[i - 1]) ? 1 : 0), to: i + 2, ...named };
    const P = NUMBERED.places;
    const places = new Set([...P[''], ...[...NUMBERED.spoken, ...codes].flatMap(c => P[c] || [])]);
    let cue = 0;
    while (cue < 2 && free(i - cue - 1) && places.has(toks[i - cue - 1])) cue++;
    if (!cue && !own && !(i === 0 && toks.length === 2)) return null;
    return { from: i - cue, to: i + 2, ...named };
  }

  // a speaker's name of one word in East Asian script ("王伟", "김민준", "佐藤"), read
  // where it stands as a name, as the server's understand.py `person` and
  // `_name_marked`: after a word for "by"; with a word that marks a person after it
  // ("佐藤さん", "김민준 씨"), a word for a talk ("김민준 발표"), or a word for "of" and a
  // word for a talk ("王伟的演讲"); else, where it starts its run ("高峰" of "流量高峰"
  // is none) and is no word of the talks, with a word for "of" after it ("李娜的大模型")
  // or alone, or at the end of its run after the query's only other words ("听王伟")
  // (the export's `one_word_names`): {from, to, name}, or null
  const NAMES = meta.one_word_names || {};
  const [nameMarks, nameOf, nameBy, nameWorded, nameCommon] =
    [NAMES.marks, NAMES.of, NAMES.by, NAMES.worded, NAMES.common].map(ws => new Set(ws || []));
  // "by Salton or others", "by 王伟 etc.": an example of whom, no limit (understand.py
  // `_others`, the export's `others`)
  const OTHERS = READ.others || { joins: [], others: [], etc: [] };
  const [othersJoins, othersWords, othersEtc] = [OTHERS.joins, OTHERS.others, OTHERS.etc]
    .map(ws => new Set(ws.flatMap(w => words(w))));
  const othersAfter = (toks, j) => (othersJoins.has(toks[j]) && othersWords.has(toks[j + 1])) || othersEtc.has(toks[j]);
  function oneWordName(toks, i, free, query, possessive) {
    const w = toks[i];
    if (!NAMES.names || !free(i) || !Object.hasOwn(NAMES.names, w)) return null;
    const cued = free(i - 1) && nameBy.has(toks[i - 1]);
    const after = free(i + 1) ? toks[i + 1] : '';
    const marked = () => {
      const of = possessive.has(i) || nameOf.has(after);
      const j = i + 1 + (nameOf.has(after) ? 1 : 0), noun = free(j) ? toks[j] : '';
      if ((nameMarks.has(after) && !nameOf.has(after)) || TALK_NOUNS.has(after) || (of && TALK_NOUNS.has(noun))) return true;
      // (said apart, or at the end of its run of letters: "听王伟"; never only inside
      // one: "流量高峰的应对")
      const said = fold(query), at = [...said.matchAll(new RegExp(esc(w), 'gu'))].map(m => m.index);
      const letter = c => c !== undefined && /[\p{L}\p{N}]/u.test(c);
      const apart = at.some(k => !letter(said[k - 1]));
      const end = at.find(k => letter(said[k - 1]) && !letter(said[k + w.length]));
      if ((!apart && end === undefined) || nameWorded.has(w)) return false;
      // (the words before it in its run, the query's only other words: "听" of "听王伟")
      const run = apart ? '' : said.slice(said.slice(0, end).search(/\S*$/u), end);
      const alone = toks.every((t, k) => !free(k) || FRAME.has(t) || k === i ||
        (!apart && k < i && run.includes(t))) && !nameCommon.has(w);
      return (of && apart) || alone;
    };
    if (!cued && !marked()) return null;
    return { from: i - (cued ? 1 : 0), to: i + 1 + (nameMarks.has(after) ? 1 : 0), name: NAMES.names[w] };
  }

  function readLimits(query) {
    // the limits said in the words that a browser reads, each with the tokens it was
    // read from (`entries`), and the words left to rank by
    const near = [BUILDING_LETTERS, DAY_JOIN_LETTERS].filter(Boolean);
    const { toks, runs, joined } = queryWords(hoursSaid(endingsOff(hoursCounted(asciiDigits(query)))), RUN_CUES, RUN_WORDS, WHOLE, LETTERS, meta.run_inside || {}, RUN_PARTICLES, near);
    // (a word for "of" glued to a name is its possessive: "김민준의")
    const possessive = new Set();
    toks.forEach((w, k) => {
      toks[k] = unglued(w);
      if (toks[k] !== w && nameOf.has(w.slice(toks[k].length))) possessive.add(k);
    });
    // a run of Chinese characters said whole as a day or a part of the day: its pairs
    const whole = new Map(runs.filter(r => r.to - r.from > 1 &&
      (r.text in dayWords || r.text in partWords || ordinalDay([r.text], 0, () => true)))
      .map(r => [r.from, r]));
    // (a pair of a run that ends inside a longer word of the talks: `endsInside`)
    const inside = i => runs.some(r => r.from <= i && i < r.to && r.to - r.from > 1 &&
      endsInside(r.text, i - r.from, toks[i].length, RUN_WORDS, meta.run_inside || {}));
    const used = new Array(toks.length).fill(false);
    const unformatted = joinedWords(query);  // ("سخنرانی‌های": one word to the server's reader)
    const entries = [];
    const match = (seq, i) => seq.every((w, j) => toks[i + j] === w);
    const take = (from, to, field, value, label) => {
      for (let j = from; j < to; j++) used[j] = true;
      entries.push({ field, value, label, from, to });
    };
    const free = j => j >= 0 && j < toks.length && !used[j];
    // a weekday the program holds no talk on, named in full (English's or a language's of
    // the talks: "Wednesday", "в среду", "Jumatano"; not "wed", "dom"): said back, no
    // limit, its words kept to rank by (a talk may be about "Friday"), as the server's
    // whenwords.py `Words.day` and `absent` ("no talks on Wednesday at …: showing all days")
    const absent = [], absentWords = new Set();
    const sayBackAs = (from, to, what) => {
      const at = meta.conference ? ` at ${meta.conference}` : '';
      const label = `no talks ${what}${at}: showing all days`;
      if (!absent.includes(label)) absent.push(label);
      for (let j = from; j < to; j++) absentWords.add(toks[j]);
      return true;
    };
    const sayBack = (from, to, w, day) => {
      if (!meta.days.length || ABSENT_SHORT.has(w)) return false;
      return sayBackAs(from, to, `on ${WEEKDAYS[day][0].toUpperCase()}${WEEKDAYS[day].slice(1)}`);
    };
    // the visitor's own words that fold to toks[from..to), as typed (lower case, with
    // their accents and marks: "δεύτερη μέρα", "দ্বিতীয় দিনে"), as the server's label;
    // the folded words where the query says them otherwise (a word cut or changed);
    // `typedAs`: as typed, in their case ("Room A"), or null
    const typedWords = query.split(SEP).filter(Boolean);
    const typedAs = (from, to) => {
      const said = toks.slice(from, to), n = said.length;
      for (let k = 0; k + n <= typedWords.length; k++) {
        const typed = typedWords.slice(k, k + n);
        if (typed.every((w, j) => asciiDigits(fold(w)) === said[j])) return typed.join(' ');
      }
      return null;
    };
    const saidAs = (from, to) => typedAs(from, to)?.toLowerCase() ?? toks.slice(from, to).join(' ');
    for (let i = 0; i < toks.length; i++) {
      const range = readRange(toks, i, free);
      if (range) {
        take(range.from, range.to, 'after', range.start, `${range.start}–${range.end}`);
        entries[entries.length - 1].also = { before: range.end };
        i = range.to - 1; continue;
      }
      const time = readTime(toks, i, free);
      if (time) { take(time.from, time.to, time.field, time.hm, `${time.field} ${time.hm}`); i = time.to - 1; continue; }
      // a time said as one ("14:00 talks", "9am"): the talks under way then
      const moment = free(i) && EXPLICIT.test(toks[i] + (['am', 'pm'].includes(toks[i + 1]) ? toks[i + 1] : '')) && clockAt(toks, i);
      if (moment && !moment.guessed) { take(i, i + moment.used, 'at', moment.hm, `at ${moment.hm}`); i += moment.used - 1; continue; }
      const lang = language(toks, i, free, unformatted);
      if (lang) {
        take(lang.from, lang.to, 'language', lang.code, `in ${LANG.english[lang.code] || lang.code}`);
        i = lang.to - 1; continue;
      }
      const nth = ordinalDay(toks, i, free, true) || dateDay(toks, i, free);
      // (a day by its order after the program's last: said back, its words kept)
      if (nth && nth.past) { sayBackAs(i, i + nth.n, `on day ${nth.past}`); i += nth.n - 1; continue; }
      if (nth) { take(i, i + nth.n, 'day', [nth.day], saidAs(i, i + nth.n)); i += nth.n - 1; continue; }
      const run = whole.get(i);
      const w = run ? run.text : toks[i], end = run ? run.to : i + 1;
      const glued = run && ordinalDay([run.text], 0, () => true);  // "第一天", said whole
      if (glued) { take(i, end, 'day', [glued.day], run.text); i = end - 1; continue; }
      if (w in dayWords && !alone(toks, i, w, end) && (run || !inside(i))) {
        const d = meta.days.filter(x => (new Date(x + 'T12:00:00Z').getUTCDay() + 6) % 7 === dayWords[w]);
        if (d.length) { take(i, end, 'day', d, WEEKDAYS[dayWords[w]]); i = end - 1; continue; }
        if (sayBack(i, end, w, dayWords[w])) { i = end - 1; continue; }
      }
      // (...its first word maybe after a prefix of the talks' language glued to it: "ביום
      // שני", on Monday; "בשבת", on Saturday; as the server's whenwords.py `_day_of_two`)
      const bare = run ? [] : prefixes.filter(p => w.length > p.length && w.startsWith(p)).map(p => w.slice(p.length));
      const [seq, named, key] = daysByWords.find(([seq]) => match(seq, i) ||
        bare.some(b => b === seq[0] && match(seq.slice(1), i + 1))) ||
        bare.filter(b => Object.hasOwn(dayWords, b)).map(b => [[b], dayWords[b], b])[0] || [];
      const on = seq && meta.days.filter(x => (new Date(x + 'T12:00:00Z').getUTCDay() + 6) % 7 === named);
      if (on && on.length) { take(i, i + seq.length, 'day', on, WEEKDAYS[named]); i += seq.length - 1; continue; }
      if (on && sayBack(i, i + seq.length, key, named)) { i += seq.length - 1; continue; }
      if (w in shortDays && !run) {
        const fits = (t, after) => t === undefined || shortCompany.has(t) || t in dayWords ||
          t in shortDays || (after && (t in partWords || /^\d/.test(t)));
        const d = meta.days.filter(x => (new Date(x + 'T12:00:00Z').getUTCDay() + 6) % 7 === shortDays[w]);
        if (fits(toks[i - 1], false) && fits(toks[i + 1], true)) {
          if (d.length) { take(i, i + 1, 'day', d, WEEKDAYS[shortDays[w]]); continue; }
          if (sayBack(i, i + 1, w, shortDays[w])) continue;
        }
      }
      const many = partsByWords.find(([seq]) => match(seq, i));
      if (many) { take(i, i + many[0].length, 'part', many[1], many[1]); i += many[0].length - 1; continue; }
      // a part of the day that is also "tomorrow" ("morgen"): only next to a day
      const byDay = (toks[i - 1] in dayWords) || (toks[end] in dayWords);
      if (w in partWords && (!ambiguousParts.has(w) || byDay) && !alone(toks, i, w, end) && (run || !inside(i))) {
        take(i, end, 'part', partWords[w], partWords[w]); i = end - 1; continue;
      }
      // (a full name said, maybe in another case: "доповіді Ірини Коваленко")
      const byCue = free(i - 1) && NAME_BY_WORDS.has(toks[i - 1]);
      const long = query.split(/\s+/u).filter(Boolean).length > (NAMES_READ.long ?? Infinity);
      const full = free(i) && namedAt(speakersByWords, toks, i, free);
      if (full && full[1] > 1 && (byCue || !long) && !othersAfter(toks, i + full[1])) {
        take(byCue ? i - 1 : i, i + full[1], 'speaker', full[0], 'by ' + full[0]);
        i += full[1] - 1; continue;
      }
      const person = oneWordName(toks, i, free, query, possessive);
      if (person && !othersAfter(toks, person.to)) {
        take(person.from, person.to, 'speaker', person.name, 'by ' + person.name);
        i = person.to - 1; continue;
      }
      // (a surname in another case too: "by Коваленка")
      const surname = i + 1 < toks.length && [toks[i + 1], baseOf(toks[i + 1])].find(x => surnames.has(x));
      if (w === 'by' && surname && !othersAfter(toks, i + 2)) {
        const who = surnames.get(surname);
        take(i, i + 2, 'speaker', who, 'by ' + who); i++; continue;
      }
    }
    // (a list's words between days are no topic: "oder" of "Samstag oder Sonntag")
    const days = entries.filter(e => e.field === 'day').sort((a, b) => a.from - b.from);
    days.slice(1).forEach((e, k) => {
      if (daysListed(toks, days[k], e)) for (let j = days[k].to; j < e.from; j++) used[j] = true;
    });
    const said = fold(query);
    for (let i = 0; i < toks.length; i++) {
      // the room whose words are said here; where several rooms have those words
      // ("ホールA", "ホールB": a letter alone is no word), the one said in full, the
      // longest name said in full first, and none where none is; else a room by its
      // number after a word for a room (`numberedRoom`)
      // (a building named: any of its rooms)
      const inBuilding = buildingWords.has(toks[i]) && free(i) && [i + 1, i - 1].find(j =>
        free(j) && /^[a-z]{1,3}$/u.test(toks[j]) && Object.hasOwn(BUILDINGS.rooms, toks[j]));
      if (inBuilding !== undefined && inBuilding !== false) {
        const first = Math.min(i, inBuilding);
        let cue = free(first - 1) && BUILDINGS.cues.includes(toks[first - 1]) ? 1 : 0;
        if (cue && toks[first - 1] === 'the' && BUILDINGS.at_place.includes(toks[first - 2])) cue = 2;
        const letters = toks[inBuilding];
        take(first - cue, first + 2, 'room', BUILDINGS.rooms[letters], `building ${letters.toUpperCase()}`);
        i = first + 1; continue;
      }
      const named = roomsByWords.filter(([seq]) => namedAs(seq, toks, i));
      const numbered = !named.length && numberedRoom(toks, i, free, query, entries);
      if (numbered) {
        // ("room Level 2 (for “room 2”)": read for another word than the room's own)
        const [at, nth] = numbered.for || [];
        const said = numbered.for ? ` (for “${saidAs(at, at + 1)} ${typedAs(nth, nth + 1) ?? toks[nth]}”)` : '';
        take(numbered.from, numbered.to, 'room', numbered.room, 'room ' + numbered.room + said);
        i = numbered.to - 1; continue;
      }
      // (after a word before a place: "in", "at", those of the languages asked in, "в")
      const placed = j => j >= 0 && (['in', 'room', 'at'].includes(toks[j]) || LIST_PLACES.has(toks[j]));
      // (...or as the next of a list of rooms: "in Main Hall or Lab", a room whose name is
      // a word of the talks read there as after "in")
      const listed = named.length && !used[i]
        ? afterARoom(toks, i, used, entries, Math.max(...named.map(([seq]) => seq.length)), df) : null;
      const rooms = named.filter(([seq, room]) =>
        (placed(i - 1) || /\p{Nd}/u.test(room) || !df.has(seq[0]) || listed !== null));
      if (!rooms.length || used[i]) continue;
      const full = rooms.filter(([, room]) => inFull(room).test(said));
      if (rooms.length > 1 && !full.length) continue;
      const [seq, room] = (full.length ? full : rooms).sort((a, b) => b[1].length - a[1].length)[0];
      const cued = placed(i - 1) && !used[i - 1];
      take(listed !== null ? i - listed : cued ? i - 1 : i, i + seq.length, 'room', room, 'room ' + room);
    }
    for (const [seq, track] of tracksByWords) {
      for (let i = 0; i + seq.length <= toks.length; i++) {
        const after = toks[i + seq.length];
        const cued = ['track', 'devroom', 'room'].includes(after);
        if (namedAs(seq, toks, i) && (cued || seq.length > 1) && !used[i]) {
          take(i, i + seq.length + (cued ? 1 : 0), 'track', track, 'track ' + track);
        }
      }
    }
    entries.sort((a, b) => a.from - b.from);
    leaveOut(query, toks, used, entries);
    asWords(toks, used, entries);
    // (a cue unread is no topic; a clock time or date read as no limit is its words)
    const topic = toks.flatMap((w, i) => (used[i] || joined.has(i) ? [] : WHOLE.test(w) ? words(w) : [w]));
    // a word for talks at either end is no topic ("演讲"), as the server's frame trims it
    while (topic.length && TALK_NOUNS.has(topic[0])) topic.shift();
    while (topic.length && TALK_NOUNS.has(topic[topic.length - 1])) topic.pop();
    // (the words of such days and a question's frame all there is: no topic, as the
    // server's `Understood.said_back_only`; every talk is listed)
    const saidBackOnly = absentWords.size > 0 && topic.length > 0 &&
      topic.every(w => absentWords.has(w) || FRAME.has(w) || STOP.has(w) || ownStop.has(w));
    return { limits: limitsOf(entries), topic, said: entries.map(e => e.label), entries, toks, absent, saidBackOnly };
  }

  function leaveOut(query, toks, used, entries) {
    // what a cue leaves out, as the server's index/search/read/negation.py: the limits
    // read right after it (only function words between: "not on Saturday", "but not in
    // the morning"; those said straight after it together: "except Sunday morning"), or
    // right before a cue said after them ("Sunday excluded"); for a cue of words with no
    // limit by it, the words after it ("but not Kubernetes"). Never the limit applied.
    const inTitle = seq => docs.some(d => d.title.some((_, b) => seq.every((w, k) => d.title[b + k] === w)));
    const free = (a, b) => { for (let j = a; j < b; j++) if (used[j] || !gap(toks[j])) return false; return true; };
    // (the words folded as the server's reader folds its cues: "außer", "ausser": `fold`)
    const at = (list, i) => list.find(c => c.every((w, j) => toks[i + j] === w && !used[i + j]));
    const group = (members, from, to) => {
      // (rooms of a list each on its own, as the server labels them: "not room 2 · not
      // room 3"; and days of a list: "not sunday · not monday")
      const days = members.every((e, k) => !k || daysListed(toks, members[k - 1], e));
      const apart = members.length === 1 || members.every(e => e.field === 'room') || days;
      const label = apart ? members.map(e => 'not ' + e.label).join(' · ') : `not (${members.map(e => e.label).join(' · ')})`;
      for (let j = from; j < to; j++) used[j] = true;
      for (const e of members) entries.splice(entries.indexOf(e), 1);
      // (what it leaves out, each room or day of a list on its own, as the server's
      // `Words.left_out`; and whether it is said alone, not with others each left out:
      // for the note on what no talk holds, `noneLeftOut`)
      const value = limitsOf(members);
      const each = apart && members.length > 1 ? members.flatMap(e => (e.field === 'room'
        ? [].concat(e.value).map(room => limitsOf([{ ...e, value: room }])) : [limitsOf([e])])) : [value];
      const alone = !label.includes(' · not ');
      entries.push({ field: 'not', value, label, from, to, each, alone, said: members.map(e => e.label).join(' · ') });
      entries.sort((a, b) => a.from - b.from);
    };
    for (let i = 0; i < toks.length; i++) {
      const word = at(CUE_WORDS, i), cue = word || at(CUE_LIMITS, i), after = at(CUE_AFTER, i);
      if (cue && hedged(toks[i + cue.length])) { i += cue.length - 1; continue; }
      if (cue) {
        const end = i + cue.length;
        const next = entries.find(e => e.field !== 'not' && e.from >= end);
        // a query opening with "no" leaves out its first limit, wherever it stands ("no
        // rust talks on sunday"), as the server's negation.py `Cue.anywhere`
        // (said as a word of its own: not "no-code tools on sunday")
        // (not where it opens words of a talk's title: "no batteries included on saturday")
        const anywhere = i === 0 && cue.join(' ') === 'no' && CUE_LIMITS.includes(cue) && /^\s*no\s/i.test(query) &&
          !(end < toks.length && !gap(toks[end]) && inTitle(toks.slice(i, end + 1)));
        if (next && (anywhere || free(end, next.from))) {
          const members = [next];
          for (const e of entries) {  // said straight after it, or a time of its day
            const last = members[members.length - 1];
            if (e.field === 'not' || e.from < last.to || members.includes(e)) continue;
            const time = e.field === 'part' && members.some(m => m.field === 'day');
            // (or a room of a list: "not in room 2 or room 3" leaves both out)
            // (or a room or a day of a list: "not sunday or monday" leaves both out)
            if (e.from === last.to || (time && free(last.to, e.from)) || listed(toks, last, e) ||
              daysListed(toks, last, e)) members.push(e); else break;
          }
          if (anywhere) for (let j = i; j < end; j++) used[j] = true;
          group(members, anywhere ? next.from : i, members[members.length - 1].to);
          i = anywhere ? end - 1 : members[members.length - 1].to - 1;
          continue;
        }
      }
      if (after || (word && CUE_AFTER.some(c => c.join(' ') === word.join(' ')))) {
        const c = after || word;
        const prev = entries.filter(e => e.field !== 'not' && e.to <= i).pop();
        if (prev && free(prev.to, i)) {
          const members = [prev];  // (and the rooms or days of its list: "room 2 or 3 excluded")
          for (const e of entries.filter(e => e.field === prev.field && e.to <= prev.from).reverse()) {
            if (listed(toks, e, members[0]) || daysListed(toks, e, members[0])) members.unshift(e); else break;
          }
          group(members, members[0].from, i + c.length); i += c.length - 1; continue;
        }
      }
      if (word) {  // words left out: a talk holding them all is left out
        let j = i + word.length;
        while (j < toks.length && !used[j] && gap(toks[j])) j++;
        const left = [];
        while (left.length < EXCLUDED_WORDS && j < toks.length && !used[j] && !gap(toks[j])) left.push(toks[j++]);
        // (a talk's title in a row is words: "Go is not about simplicity")
        if (left.length && inTitle(toks.slice(i, j))) { i = j - 1; continue; }
        for (let k = i; k < j; k++) used[k] = true;
        if (left.length) entries.push({ field: 'exclude', value: left.map(term), label: 'not ' + left.join(' '), from: i, to: j });
        i = j - 1;
      }
    }
    entries.sort((a, b) => a.from - b.from);
  }

  function listed(toks, first, then) {
    // whether the room entry `then` follows the room entry `first` in a list: between
    // them (and at the head of `then`'s words: "or room 3") only a list's words and
    // words before a place, one of a list at least, as roomlists.py `listed`
    if (first.field !== 'room' || then.field !== 'room' || then.from < first.to) return false;
    const between = toks.slice(first.to, then.from);
    if (between.some(w => !LIST_JOINS.has(w) && !LIST_PLACES.has(w))) return false;
    return between.some(w => LIST_JOINS.has(w)) || LIST_JOINS.has(toks[then.from]);
  }

  function afterARoom(toks, i, used, entries, n, known) {
    // how many tokens before toks[i] make it the next room of a list, a room read right
    // before them ("in Main Hall or Lab", "in Main Hall or the Lab"): a list's word, and
    // words before a place, free; null where they are not so (not after a comma alone:
    // "in Main Hall, lab safety"), nor where the word after its `n` tokens goes on with
    // a topic (a word of the talks, `known`, no stop word, list's word or place word:
    // "in Main Hall and lab safety"), as the server's roomlists.py `after_a_room`
    const after = toks[i + n];
    if (after !== undefined && !used[i + n] && known.has(after) && !STOP.has(after)
      && !LIST_JOINS.has(after) && !LIST_PLACES.has(after)) return null;
    let k = i - 1;
    while (k >= 0 && !used[k] && LIST_PLACES.has(toks[k])) k--;
    if (!(k >= 1 && !used[k] && LIST_JOINS.has(toks[k])) || !used[k - 1]) return null;
    const last = entries.filter(e => e.field === 'room').sort((a, b) => b.to - a.to)[0];
    return last && last.to === k ? i - k : null;
  }

  // the words that make two days said one after the other a list ("sunday or monday",
  // "domenica o lunedì", "Sonntag oder Montag": the server's whenwords.py `day_joins`,
  // the export's days `joins`)
  const DAY_JOINS = new Set((DAYS.joins || []).map(fold));
  // (one of a letter, which the site's words leave out, kept between two days: "sabato o
  // domenica", "sábado y domingo"; `queryWords`)
  const dayJoinLetters = new Set([...DAY_JOINS].filter(w => w.length === 1));
  const DAY_JOIN_LETTERS = dayJoinLetters.size ? {
    letters: dayJoinLetters, both: true,
    words: { has: w => w !== undefined && (w in dayWords || Object.hasOwn(shortDays, w)) },
  } : null;
  function daysListed(toks, first, then) {
    // whether the day entry `then` follows the day entry `first` in a list: a list's
    // words between them and nothing else, as the server's whenwords.py `either_days`
    if (first.field !== 'day' || then.field !== 'day' || then.from < first.to) return false;
    const between = toks.slice(first.to, then.from);
    return between.length > 0 && between.every(w => DAY_JOINS.has(w)) && String(first.value) !== String(then.value);
  }

  function asWords(toks, used, entries) {
    // a day or part of the day said in words in a row of a talk's title that it would
    // leave out is words ("la fièvre du samedi soir", the film on Friday), as the
    // server's index/search/limits/titlewords.py reads it
    const when = entries.filter(e => e.field === 'day' || e.field === 'part');
    if (!when.length) return;
    const inLimit = i => when.some(e => e.from <= i && i < e.to);
    const limits = limitsOf(entries);
    const runs = [];
    for (const d of docs) {
      if (fits(d, limits)) continue;
      for (let a = 0; a < toks.length; a++) {
        for (let b = 0; b < d.title.length; b++) {
          if (toks[a] !== d.title[b] || (a && b && toks[a - 1] === d.title[b - 1])) continue;
          let n = 0;
          while (a + n < toks.length && b + n < d.title.length && toks[a + n] === d.title[b + n]) n++;
          const own = [...Array(n).keys()].map(k => a + k);
          if (own.some(inLimit) && own.filter(k => !inLimit(k)).length >= NEIGHBOURS) runs.push([a, a + n]);
        }
      }
    }
    const inside = when.filter(e => runs.some(([a, b]) => a <= e.from && e.to <= b));
    const fields = new Set(inside.map(e => e.field));
    if (!inside.length || when.some(e => !inside.includes(e) && fields.has(e.field))) return;
    for (const e of inside) {
      entries.splice(entries.indexOf(e), 1);
      for (let j = e.from; j < e.to; j++) used[j] = false;
    }
  }

  function limitsOf(entries) {
    const limits = { days: [], parts: [], rooms: [], track: null, speaker: null, not: [], without: [], after: null, before: null, at: null, language: null };
    for (const e of entries) {
      if (e.field === 'day') limits.days.push(...e.value);
      else if (e.field === 'part') limits.parts.push(e.value);
      else if (e.field === 'not') limits.not.push(e.value);
      else if (e.field === 'exclude') limits.without.push(e.value);
      // (every room said: a talk in any of them, "in room 2 or 3", as the server's
      // roomlists.py `either_rooms`; a talk is in one room, never in two)
      // (a building's: each of its rooms)
      else if (e.field === 'room') limits.rooms.push(...[].concat(e.value));
      else limits[e.field] = e.value;
      if (e.also) Object.assign(limits, e.also);  // (a range: its end too)
    }
    return limits;
  }

  function fits(d, limits) {
    const t = d.talk;
    if (limits.days.length && (!d.when || !limits.days.includes(d.when.day))) return false;
    if (limits.parts.length) {
      if (!d.when || d.when.hm === null) return false;
      if (!limits.parts.some(p => d.when.hm >= PARTS[p][0] && d.when.hm < PARTS[p][1])) return false;
    }
    // clock times as the server's filters.py: starting at or after, ending (or, with no
    // end, starting) at or before, under way at (started by then, ending later)
    if (limits.after || limits.before || limits.at) {
      if (!d.when || d.when.hm === null) return false;
      const start = d.when.hm, end = d.when.end || start;
      if (limits.after && start < limits.after) return false;
      if (limits.before && end > limits.before) return false;
      if (limits.at && !(start <= limits.at && (end > limits.at || start === limits.at))) return false;
    }
    if (limits.language && t.language !== limits.language) return false;
    if (limits.rooms.length && !limits.rooms.includes(t.room)) return false;
    if (limits.track && t.track !== limits.track) return false;
    if (limits.speaker && !t.speakers.includes(limits.speaker)) return false;
    if (limits.not.some(left => fits(d, left))) return false;
    if (limits.without.some(ws => ws.every(w => FIELDS.some(([f]) => tf[d.i][f].has(w))))) return false;
    return true;
  }

  function passes(d, limits, chosen) {
    const t = d.talk;
    if (chosen.day && (!d.when || d.when.day !== chosen.day)) return false;
    if (chosen.room && t.room !== chosen.room) return false;
    if (chosen.track && t.track !== chosen.track) return false;
    return fits(d, limits);
  }

  function noneLeftOut(entries) {
    // what the query leaves out that no talk holds, as its entry says it less its "not"
    // ("evening", "room Level 9", "sunday · monday"), or words in quotes ("“kubernetes”":
    // in no talk), as the server's index/search/limits/passing.py `held_by_none`: an
    // entry left out alone is named where what it leaves out passes no talk; every one
    // is, where nothing the query leaves out does
    const out = [];
    const left = entries.filter(e => e.field === 'not');
    const all = left.flatMap(e => e.each || [e.value]);
    const empty = new Set(all.filter(l => !docs.some(d => fits(d, l))));
    for (const e of left) {
      const own = e.each || [e.value];
      if ((empty.size && empty.size === all.length) || (e.alone && own.every(l => empty.has(l)))) out.push(e.said);
    }
    for (const e of entries.filter(e => e.field === 'exclude')) {
      const ws = e.value.filter(w => !STOP.has(w) && !ownStop.has(w));
      if (ws.length && !docs.some(d => ws.every(w => FIELDS.some(([f]) => tf[d.i][f].has(w))))) {
        out.push(`“${e.label.replace(/^not /, '')}”`);
      }
    }
    return [...new Set(out)];
  }

  function relaxed(entries, chosen) {
    // when no talk passes every limit: the fewest given up that leave talks, as the
    // server's index/search/limits/relax.py (each of the first kinds alone, then the
    // kinds together in order); null when even none leaves any
    const held = GIVE_UP.filter(k => entries.some(e => k.includes(e.field)));
    const tries = [...held.filter(k => GIVE_UP.indexOf(k) < BENDS),
      ...held.map((_, n) => held.slice(0, n + 1).flat())];
    for (const fields of tries) {
      const kept = entries.filter(e => !fields.includes(e.field));
      const limits = limitsOf(kept);
      const allowed = [];
      docs.forEach((d, i) => { if (passes(d, limits, chosen)) allowed.push(i); });
      if (allowed.length) return { allowed, kept, dropped: entries.filter(e => fields.includes(e.field)) };
    }
    return null;
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
    const read = readLimits(query);
    const { limits, said, entries, toks } = read;
    let topic = read.saidBackOnly ? [] : read.topic;
    let allowed = [];
    docs.forEach((d, i) => { if (passes(d, limits, chosen)) allowed.push(i); });
    let note = null;
    if (!allowed.length && entries.length) {
      const fewer = relaxed(entries, chosen);
      if (fewer) {
        allowed = fewer.allowed;
        const without = fewer.kept.length ? fewer.dropped.map(e => e.label).join(' · ') : 'these limits';
        note = `No talk matches ${said.join(' · ')}; showing results without ${without}.`;
        // every limit dropped: the words they were said in are the topic
        if (!fewer.kept.length && !topic.length) topic = toks;
      }
    }
    // (a weekday the program does not hold, said back after what the limits gave up)
    // (what the query leaves out that no talk holds: nothing was left out for it)
    const none = noneLeftOut(entries).map(x => meta.limits.none_left_out.replace('{said}', x));
    note = [note, ...none, ...read.absent.map(a => `${a[0].toUpperCase()}${a.slice(1)}.`)].filter(Boolean).join(' ') || null;
    const caps = capitals(query);
    const asked = topic.filter(w => !STOP.has(w) && !leftOut(w, toks, caps)).map(term);
    const terms = [...new Set(asked.map(corrected))];
    const fixes = asked.filter(w => corrected(w) !== w).map(w => [w, spelled(corrected(w))]);
    if (!terms.length) {  // limits only: the talks that pass them, in time order
      return { said, note, fixes, words: [], hits: allowed.slice(0, k).map(i => ({ talk: docs[i].talk, score: 0, why: 'time' })) };
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
    // on a program in several languages, where the site's meaning reads only English
    // (meta.languages), the matches first, then the talks only nearest, as the server
    // lists them (the rule of index/search/rank/match.py: a word of the query that is
    // not common, or close in meaning); elsewhere the order of the scores, unmarked:
    // the server's closeness there also weighs a talk's best sentence, which the site
    // does not hold, and would set apart talks the server counts as matches
    // (a search with limits lists the talks that pass them as before: a word the site
    // leaves beside a limit it read, "曜日" of "土曜日", is no topic to match)
    const apart = meta.languages.several && !said.length;
    // the server's common words: none in a base of fewer talks than `common_min_talks`
    const usual = n >= MATCH.common_min_talks ? common : new Set();
    const matches = i => terms.some(t => !usual.has(t) && FIELDS.some(([f]) => tf[i][f].has(t)))
      || (den.get(i) ?? -Infinity) >= closeFloor;
    // ties (the talks below the dense floor, with no word: 0) as the server's fusion
    // keeps them, first seen: the words' order, then closeness in meaning (not the
    // program's order: the nearest talks are listed nearest first)
    const tie = (a, b) => (lex.get(b) ?? -1) - (lex.get(a) ?? -1) || (den.get(b) ?? -Infinity) - (den.get(a) ?? -Infinity);
    // the talks that will not take place after those that will, matches and nearest
    // alike: a cancelled match still shows, below every match that takes place and
    // above the nearest talks (as the server: index/search/kb.py, rank/ranking.py `below`)
    const off = i => (docs[i].talk.cancelled ? 1 : 0);
    const ranked = [...total].sort((a, b) => b[1] - a[1] || tie(a[0], b[0]))
      .map(([i, s]) => [i, s, apart ? matches(i) : undefined])
      .sort((a, b) => off(a[0]) - off(b[0])).sort((a, b) => (b[2] ?? 0) - (a[2] ?? 0)).slice(0, k);
    const hits = ranked.map(([i, s, match]) => {
      const never = unnamedBy(docs[i].talk);
      const found = terms.filter(t => FIELDS.some(([f]) => tf[i][f].has(t)) && !never(t));
      const named = asWritten(docs[i].talk, found, term);
      return { talk: docs[i].talk, score: s, match, why: found.length ? 'words: ' + named.join(', ') : 'meaning' };
    });
    // a weekday said back ("No talks on Wednesday at …: showing all days") where its words
    // stay the topic ("not on Wednesday"): the server lists every talk there, those its
    // words do not match as the nearest; with no meaning to rank them by, the site lists
    // them after the matches in the program's order, never none
    if (!qv && read.absent.length) {
      const listed = new Set(ranked.map(([i]) => i));
      for (const i of allowed) {
        if (hits.length >= k) break;
        if (!listed.has(i)) hits.push({ talk: docs[i].talk, score: 0, match: false, why: 'time' });
      }
    }
    return { said, note, fixes, words: terms, hits };
  }

  function knowWords(words) { known = words; }

  return { search, readLimits, knowWords, clock: t => clock(t.start, talkZone(meta, t), t.day) };
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
