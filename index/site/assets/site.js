// The static site's pages: search, a talk's page, the program by day, now & next, and
// the agenda kept in this browser. Program text is always set as text, never as HTML.
import { createSearch, loadEncoder, wholeWords } from './search.mjs';

const $ = id => document.getElementById(id);
const KEY = 'talkbase-agenda';  // the agenda in localStorage, as the app keeps it
const state = { talks: [], byId: new Map(), meta: null, engine: null, embed: null, saved: [] };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

// -- the agenda: ids in localStorage; a link's ?saved=1-2-3 (the app's form) wins -------
function loadAgenda() {
  const link = new URLSearchParams(location.search).get('saved');
  let saved = [];
  try { saved = (JSON.parse(localStorage.getItem(KEY) || '{}').saved || '').split('-'); } catch (e) { saved = []; }
  if (link) saved = [...new Set([...link.split(/[-,]/), ...saved])];
  state.saved = saved.filter(i => /^[0-9]{1,18}$/.test(i));
  storeAgenda();
}
function storeAgenda() {
  const ids = state.saved;  // ids the program does not hold now are kept, as in the app
  if (ids.length) localStorage.setItem(KEY, JSON.stringify({ saved: ids.join('-') }));
  else localStorage.removeItem(KEY);
  $('count').textContent = ids.length ? `(${ids.length})` : '';
}
function toggleSave(id) {
  state.saved = state.saved.includes(id) ? state.saved.filter(i => i !== id) : [...state.saved, id];
  storeAgenda();
  route();
}
function clashes(t) {
  if (!t.start || !t.end) return [];
  const a = Date.parse(t.start), b = Date.parse(t.end);
  return state.saved.map(i => state.byId.get(i)).filter(s => s && s.id !== t.id && s.start && s.end
    && Date.parse(s.start) < b && a < Date.parse(s.end));
}

// -- showing a talk ------------------------------------------------------------------
function when(t) {
  if (!t.start && t.day) {  // the program gives the day, not the time
    const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(t.day + 'T12:00:00Z'));
    return `${day}, time not given`;
  }
  if (!t.start) return 'Time not given';
  const opts = { timeZone: state.zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  const start = new Intl.DateTimeFormat('en-GB', opts).format(new Date(t.start));
  const end = t.end ? new Intl.DateTimeFormat('en-GB', { timeZone: state.zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(t.end)) : '';
  return end ? `${start}–${end}` : start;
}
function card(t, why, heading = 'h2') {
  const saved = state.saved.includes(t.id);
  const clash = clashes(t);
  return el('li', { class: 'card' },
    el(heading, {}, el('a', { class: 'open', href: `#talk=${t.id}`, text: t.title })),
    el('div', { class: 'meta', text: [t.speakers.join(', '), when(t), t.room, t.track].filter(Boolean).join(' · ') }),
    why ? el('div', { class: 'why', text: why }) : null,
    clash.length ? el('div', { class: 'clash', text: `⚠ overlaps ${clash.map(c => c.title).join('; ')}` }) : null,
    el('button', { class: saved ? 'on' : '', 'aria-pressed': String(saved), onclick: () => toggleSave(t.id),
      text: saved ? 'Saved ✓' : 'Save' }));
}

function talkPage(id) {
  const t = state.byId.get(id);
  const view = $('talk-view');
  view.replaceChildren();
  if (!t) { view.append(el('p', { text: `No talk has the id ${id}.` })); return; }
  const saved = state.saved.includes(id);
  view.append(
    el('h2', { text: t.title, tabindex: '-1', id: 'talk-title' }),
    el('p', { class: 'meta', text: [when(t), t.room, t.track, t.format].filter(Boolean).join(' · ') }),
    el('p', { text: t.speakers.map((s, i) => t.orgs[i] ? `${s} (${t.orgs[i]})` : s).join(', ') || 'Speakers not given' }),
    el('button', { class: saved ? 'on' : '', 'aria-pressed': String(saved), onclick: () => toggleSave(id), text: saved ? 'Saved ✓' : 'Save' }),
    el('p', { class: 'abstract', text: t.abstract || 'No abstract given.' }));
  if (t.links.length) {
    view.append(el('h3', { text: 'Links' }), el('ul', {}, ...t.links.map(l =>
      el('li', {}, el('a', { href: l.url, rel: 'noopener', text: l.label || l.url })))));
  }
  const like = t.similar.map(i => state.byId.get(i)).filter(Boolean);
  if (like.length) view.append(el('h3', { text: 'Similar talks' }), el('ol', { class: 'list' }, ...like.map(s => card(s, '', 'h4'))));
  $('talk-title').focus();
}

// -- search ----------------------------------------------------------------------------
let pending = 0;
async function runSearch() {
  const q = $('q').value.trim();
  const chosen = { day: $('f-day').value, room: $('f-room').value, track: $('f-track').value };
  const ticket = ++pending;
  let qv = null;
  if (q && state.embed) { try { qv = await state.embed(q); } catch (e) { qv = null; } }
  if (ticket !== pending) return;
  const t0 = performance.now();
  const found = state.engine.search(q, qv, chosen, 30);
  window.lastSearchMs = performance.now() - t0;
  const read = found.note ? [found.note] : [];
  if (found.said.length) read.push('Read from your words: ' + found.said.join(' · '));
  if (found.fixes.length) read.push('Searched ' + found.fixes.map(([a, b]) => `“${b}” for “${a}”`).join(', '));
  $('read').textContent = read.join('. ');
  const list = $('results');
  list.replaceChildren(...found.hits.map(h => card(h.talk, h.why === 'time' ? '' : h.why)));
  if (!found.hits.length) list.append(el('li', { class: 'note', text: q ? 'No talk matches; try fewer words or another filter.' : '' }));
  const params = new URLSearchParams(location.search);
  if (q) params.set('q', q); else params.delete('q');
  history.replaceState(null, '', `?${params}${location.hash || '#search'}`);
}
window.talkbaseSearch = (q, qv = null) => state.engine.search(q, qv, {}, 10).hits.map(h => h.talk.id);

// -- the program, now & next, the agenda --------------------------------------------------
function byDay(talks, into, note) {
  const view = $(into);
  view.replaceChildren();
  if (note) view.append(el('p', { class: 'note', text: note }));
  const days = new Map();
  for (const t of talks) {
    const d = t.start ? state.engine.clock(t.start, t.day).day : (t.day || 'No time given');
    if (!days.has(d)) days.set(d, []);
    days.get(d).push(t);
  }
  for (const [d, list] of days) {
    view.append(el('h2', { class: 'day', text: d === 'No time given' ? d : new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(d + 'T12:00:00Z')) }),
      el('ol', { class: 'list' }, ...list.map(t => card(t, '', 'h3'))));
  }
}
function nowPage() {
  const at = new URLSearchParams(location.search).get('at');
  const now = at ? Date.parse(at) : Date.now();
  const rooms = new Map();
  for (const t of state.talks) {
    if (!t.start) continue;
    const a = Date.parse(t.start), b = Date.parse(t.end || t.start);
    const r = rooms.get(t.room) || { on: null, next: null };
    if (a <= now && now < b) r.on = t;
    else if (a > now && (!r.next || a < Date.parse(r.next.start))) r.next = t;
    rooms.set(t.room, r);
  }
  const view = $('now-view');
  view.replaceChildren(el('p', { class: 'note', text: `On the conference's clock (${state.zone || 'local time'}).` }));
  const list = el('ol', { class: 'list' });
  for (const [room, r] of [...rooms].sort()) {
    if (!r.on && !r.next) continue;
    list.append(el('li', { class: 'card' }, el('h3', { text: room || 'No room given' }),
      r.on ? el('div', {}, el('strong', { text: 'Now: ' }), el('a', { href: `#talk=${r.on.id}`, text: r.on.title })) : null,
      r.next ? el('div', {}, el('strong', { text: 'Next: ' }), el('a', { href: `#talk=${r.next.id}`, text: `${r.next.title} (${when(r.next)})` })) : null));
  }
  view.append(list.children.length ? list : el('p', { text: 'Nothing is on now or later.' }));
}
function ics() {
  const stamp = d => new Date(d).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const esc = s => (s || '').replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/[,;]/g, m => '\\' + m);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//talkbase//static site//EN'];
  for (const id of state.saved) {
    const t = state.byId.get(id);
    if (!t || !t.start) continue;
    lines.push('BEGIN:VEVENT', `UID:talk-${t.id}@talkbase`, `DTSTAMP:${stamp(Date.now())}`,
      `DTSTART:${stamp(t.start)}`, `DTEND:${stamp(t.end || t.start)}`, `SUMMARY:${esc(t.title)}`,
      `LOCATION:${esc(t.room)}`, `DESCRIPTION:${esc(t.speakers.join(', '))}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  const a = el('a', { href: URL.createObjectURL(new Blob([lines.join('\r\n')], { type: 'text/calendar' })), download: 'talkbase-agenda.ics' });
  a.click();
}
function agendaPage() {
  const mine = state.saved.map(i => state.byId.get(i)).filter(Boolean)
    .sort((a, b) => (a.start || '~').localeCompare(b.start || '~'));
  byDay(mine, 'agenda-view', mine.length ? 'Kept in this browser.' : 'Nothing saved yet: press Save on a talk.');
  if (mine.length) {
    const share = `${location.origin}${location.pathname}?saved=${state.saved.join('-')}#agenda`;
    $('agenda-view').prepend(el('p', {},
      el('button', { onclick: ics, text: 'Download .ics' }), ' ',
      el('a', { href: share, text: 'Share link' })));
  }
}

// -- routing -----------------------------------------------------------------------------
function route() {
  const hash = location.hash.slice(1) || 'search';
  const talk = hash.startsWith('talk=') ? hash.slice(5) : null;
  const view = talk ? 'talk' : hash;
  for (const v of ['search', 'talk', 'program', 'now', 'agenda']) $(`${v}-view`).hidden = v !== view;
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.view === view) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  if (talk) talkPage(talk);
  else if (view === 'program') byDay(state.talks, 'program-view');
  else if (view === 'now') nowPage();
  else if (view === 'agenda') agendaPage();
  else runSearch();
}

async function loadMeaning() {
  // the model after the first search works: onnxruntime-web and the base's int8 MiniLM
  if (!state.meta.meaning) { $('status').textContent = 'Searching by words (this export has no model for meaning).'; return; }
  $('status').textContent = 'Searching by words; loading search by meaning…';
  try {
    const ort = await import('./vendor/ort.wasm.bundle.min.mjs');
    ort.env.wasm.wasmPaths = new URL('vendor/', location.href).href;
    const [model, vocab] = await Promise.all([
      fetch(state.meta.model).then(r => r.arrayBuffer()), fetch('model/vocab.txt').then(r => r.text())]);
    state.embed = await loadEncoder(ort, new Uint8Array(model), vocab);
    state.engine.knowWords(wholeWords(vocab));  // no "did you mean" for a word it knows
    window.talkbaseEmbed = state.embed;
    // kept for offline use, whole, in this export's cache (sw.js serves from it)
    if ('caches' in window) {
      const files = [state.meta.model, 'model/vocab.txt', 'vendor/ort.wasm.bundle.min.mjs',
        'vendor/ort-wasm-simd-threaded.mjs', 'vendor/ort-wasm-simd-threaded.wasm'];
      // said once every file is kept: search by meaning then works offline too
      caches.open('talkbase-site-' + state.meta.version)
        .then(async c => { for (const f of files) if (!(await c.match(f))) await c.add(f); })
        .then(() => {
          document.body.dataset.offline = 'ready';
          $('status').textContent = 'Searching by words and by meaning. Kept for offline use.';
        })
        .catch(() => {});
    }
    $('status').textContent = 'Searching by words and by meaning.';
    if ($('q').value.trim()) runSearch();
  } catch (e) {
    $('status').textContent = 'Searching by words (search by meaning could not load here).';
  }
}

async function main() {
  const [meta, talks, vecs] = await Promise.all([
    fetch('data/meta.json').then(r => r.json()), fetch('data/talks.json').then(r => r.json()),
    fetch('data/vectors.bin').then(r => r.arrayBuffer())]);
  state.meta = meta;
  state.talks = talks;
  state.zone = meta.timezone && !meta.timezone.startsWith('UTC') ? meta.timezone : undefined;
  for (const t of talks) state.byId.set(t.id, t);
  state.engine = createSearch(talks, meta, new Int8Array(vecs));
  document.title = meta.conference || 'Program';
  $('title').textContent = meta.conference || 'Program';
  if (meta.venue) { $('venue').textContent = meta.venue; $('venue').hidden = false; }
  for (const [id, values] of [['f-day', meta.days], ['f-room', meta.rooms], ['f-track', meta.tracks]]) {
    for (const v of values) $(id).append(el('option', { value: v, text: v }));
    if (!values.length) $(id).parentElement.hidden = true;
  }
  loadAgenda();
  const q = new URLSearchParams(location.search).get('q');
  if (q) $('q').value = q;
  $('form').addEventListener('submit', e => { e.preventDefault(); runSearch(); });
  $('q').addEventListener('input', () => runSearch());
  for (const id of ['f-day', 'f-room', 'f-track']) $(id).addEventListener('change', () => runSearch());
  window.addEventListener('hashchange', route);
  window.addEventListener('storage', e => { if (e.key === KEY) { loadAgenda(); route(); } });
  route();
  document.body.dataset.ready = '1';
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
  loadMeaning();
}
main();
