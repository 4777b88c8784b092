// The static site's pages: search, a talk's page, the program by day, now & next, and
// the agenda kept in this browser. Program text is always set as text, never as HTML.
import { calendar } from './calendar.mjs';
import { createSearch, loadEncoder, onClock, talkZone, wholeWords } from './search.mjs';

const $ = id => document.getElementById(id);
// the page's own words for a site opened from disk (index.html): this script runs, so not
$('needs-http')?.remove();
// the agenda in localStorage, one entry per site (the app keeps one per origin): two
// sites of one host (user.github.io/conf-a/, /conf-b/) keep two agendas, named by the
// folder this file is served from (so /conf, /conf/ and /conf/index.html are one site).
// LEGACY: the one entry sites kept before, shared by all of a host's: each site copies
// from it the talks its own program holds, and leaves it as it is for the others.
const LEGACY = 'talkbase-agenda';
const KEY = `${LEGACY}:${new URL('.', import.meta.url).pathname}`;
const state = { talks: [], byId: new Map(), meta: null, engine: null, embed: null, saved: [], seen: {}, taken: [], zones: [], shared: null };
const OFF = 'Cancelled: the program says this talk will not take place';  // as the app says

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v; else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

// -- the agenda: ids in localStorage, changed only by the visitor -----------------------
// Beside the ids, `seen` keeps each saved talk as it was when saved (title, time, room):
// what the agenda names once the program no longer holds it, or has changed it.
// A link's ?saved=1-2-3 (the app's form, appviews/models/agenda.py) is someone's agenda
// shared: shown as theirs (`state.shared`), never written into the visitor's own.
const MAX_IDS = 500;  // as the app: a link carrying more is not a person's agenda
function snapshot(t) { return { title: t.title, start: t.start, end: t.end, day: t.day, room: t.room, zone: t.zone }; }
function linkIds(text) {  // the ids of a share link, read as the app reads them (decode_ids)
  const out = [];
  for (const part of (text || '').split(/[\s,.;_~+-]+/)) {
    if (/^[0-9]{1,18}$/.test(part) && BigInt(part) > 0n && !out.includes(String(BigInt(part)))) out.push(String(BigInt(part)));
    if (out.length >= MAX_IDS) break;
  }
  return out;
}
function sharedLink() {
  const link = new URLSearchParams(location.search).get('saved');
  const ids = linkIds(link);
  state.shared = ids.length ? ids : null;  // (a link of no id is none)
}
function loadAgenda() {
  let saved = [], seen = {};
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || fromLegacy());
    saved = (kept.saved || '').split('-');
    seen = kept.seen && typeof kept.seen === 'object' ? kept.seen : {};  // (older agendas: none)
    state.taken = (kept.taken || '').split('-');  // the ids copied from LEGACY, never offered again
  } catch (e) { saved = []; }
  state.saved = saved.filter(i => /^[0-9]{1,18}$/.test(i));
  state.seen = {};
  for (const id of state.saved) {
    const t = state.byId.get(id);
    if (seen[id]) state.seen[id] = seen[id]; else if (t) state.seen[id] = snapshot(t);
  }
  storeAgenda();
}
function legacyIds() {
  try { return (JSON.parse(localStorage.getItem(LEGACY) || '{}').saved || '').split('-').filter(i => /^[0-9]{1,18}$/.test(i)); } catch (e) { return []; }
}
function fromLegacy() {  // this program's talks of the shared entry, copied
  const mine = legacyIds().filter(i => state.byId.has(i)).join('-');
  return JSON.stringify({ saved: mine, taken: mine });
}
function storeAgenda() {
  const ids = state.saved;  // ids the program does not hold now are kept, as in the app
  localStorage.setItem(KEY, JSON.stringify({ saved: ids.join('-'), seen: state.seen, taken: state.taken.join('-') }));
  $('count').textContent = ids.length ? `(${ids.length})` : '';
}
function addToAgenda(ids) {
  for (const id of ids) {
    if (state.saved.includes(id)) continue;
    state.saved = [...state.saved, id];
    const t = state.byId.get(id);
    if (t) state.seen[id] = snapshot(t);
  }
}
async function toggleSave(id) {
  // the button pressed keeps the focus once the view is drawn anew: the same talk's, the
  // nth of that talk's in its view (a talk page and its similar talks name others)
  const pressed = document.activeElement;
  const view = pressed && pressed.closest('section');
  const nth = view ? [...view.querySelectorAll('[data-save]')].filter(b => b.dataset.save === id).indexOf(pressed) : -1;
  if (state.saved.includes(id)) {
    state.saved = state.saved.filter(i => i !== id);
    delete state.seen[id];
  } else addToAgenda([id]);
  storeAgenda();
  await route();  // (a search drawn anew once its query is embedded)
  if (nth < 0) return;
  const again = [...view.querySelectorAll('[data-save]')].filter(b => b.dataset.save === id)[nth];
  (again || $('main')).focus();  // (gone from the view, as from the agenda: its main)
}
function changes(t) {  // what the program changed of a saved talk since it was saved
  const was = state.seen[t.id];
  if (!was || !state.saved.includes(t.id)) return [];
  const out = [];
  if (was.title !== t.title) out.push(`title was “${was.title}”`);
  if ((was.start || null) !== (t.start || null) || (was.end || null) !== (t.end || null)) out.push(`time was ${when(was)}`);
  if ((was.room || '') !== (t.room || '')) out.push(`room was ${was.room || 'not given'}`);
  return out;
}
function acknowledge(t) { state.seen[t.id] = snapshot(t); storeAgenda(); route(); }
function clashes(t) {
  if (!t.start || !t.end) return [];
  const a = Date.parse(t.start), b = Date.parse(t.end);
  return state.saved.map(i => state.byId.get(i)).filter(s => s && !s.cancelled && s.id !== t.id && s.start && s.end
    && Date.parse(s.start) < b && a < Date.parse(s.end));
}

// -- showing a talk ------------------------------------------------------------------
// a program day ("2026-07-17") as the site names it: "Friday 17 July"
function dayName(d) {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(d + 'T12:00:00Z'));
}
function when(t) {
  if (!t.start && t.day) {  // the program gives the day, not the time
    const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(t.day + 'T12:00:00Z'));
    return `${day}, time not given`;
  }
  if (!t.start) return 'Time not given';
  const zone = talkZone(state.meta, t);  // its conference's clock
  const [from, timeZone] = onClock(t.start, zone);
  const opts = { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  const start = new Intl.DateTimeFormat('en-GB', opts).format(from);
  const end = t.end ? new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(onClock(t.end, zone)[0]) : '';
  // a site of several clocks names each time's
  const clock = state.zones.length > 1 ? ` ${zone || 'local time'}` : '';
  return (end ? `${start}–${end}` : start) + clock;
}
// a talk's Save button, named with its title ("Save: Kernel work in Rust"): a list of
// them is no row of "Save, Save, Save" to a screen reader; pressed where it is saved,
// its name then starting with the word it shows ("Saved: ...": one says what one sees)
function saveButton(t) {
  const saved = state.saved.includes(t.id);
  return el('button', { class: saved ? 'on' : '', 'aria-pressed': String(saved), 'data-save': t.id,
    'aria-label': `${saved ? 'Saved' : 'Save'}: ${t.title}`, onclick: () => toggleSave(t.id), text: saved ? 'Saved ✓' : 'Save' });
}
// a talk's own text in its language and direction (an Arabic title right to left, with
// its language named for a screen reader's voice); the page's words stay English
function spoken(t) { return t.language ? { lang: t.language, dir: 'auto' } : { dir: 'auto' }; }
function card(t, why, heading = 'h2') {
  const clash = t.cancelled ? [] : clashes(t);
  const changed = changes(t);
  return el('li', { class: t.cancelled ? 'card cancelled' : 'card' },
    el(heading, spoken(t), el('a', { class: 'open', href: `#talk=${t.id}`, text: t.title })),
    t.cancelled ? el('div', { class: 'clash', text: OFF }) : null,
    el('div', { class: 'meta', text: [t.speakers.join(', '), when(t), t.room, t.track].filter(Boolean).join(' · ') }),
    why ? el('div', { class: 'why', text: why }) : null,
    clash.length ? el('div', { class: 'clash', text: `⚠ overlaps ${clash.map(c => c.title).join('; ')}` }) : null,
    changed.length ? el('div', { class: 'clash' }, `Changed since you saved it: ${changed.join('; ')}. `,
      el('button', { onclick: () => acknowledge(t), text: 'OK' })) : null,
    saveButton(t));
}

// a talk page's room, track and speakers lead to their talks: the search with that
// filter alone (a speaker's name as the words: the site has no speaker page), a link
// that Enter follows too
function lookFor(text, label, set) {
  return el('a', { href: '#search', class: 'facet', 'aria-label': label, title: label, text,
    onclick: (e) => {
      e.preventDefault();
      $('q').value = set.q || '';
      for (const f of ['day', 'room', 'track']) $(`f-${f}`).value = set[f] || '';
      if (location.hash === '#search') runSearch(); else location.hash = 'search';
    } });
}
// (a value the filter does not offer stays text: a link would search for nothing)
function offered(id, v) { return [...$(id).options].some(o => o.value === v); }
function joined(parts, sep) { return parts.flatMap((p, i) => (i ? [sep, p] : [p])); }
function talkMeta(t) {
  const parts = [when(t),
    t.room && offered('f-room', t.room) ? lookFor(t.room, `Talks in room ${t.room}`, { room: t.room }) : t.room,
    t.track && offered('f-track', t.track) ? lookFor(t.track, `Talks in track ${t.track}`, { track: t.track }) : t.track,
    t.format].filter(Boolean);
  return el('p', { class: 'meta' }, ...joined(parts, ' · '));
}
function talkSpeakers(t) {
  if (!t.speakers.length) return el('p', { text: 'Speakers not given' });
  return el('p', {}, ...joined(t.speakers.map((s, i) => el('span', {},
    lookFor(s, `Talks by ${s}`, { q: s }), t.orgs[i] ? ` (${t.orgs[i]})` : '')), ', '));
}

// a site of several conferences (meta.json's `conferences`): each talk names its own
function several() { return (state.meta.conferences || []).length > 1; }
function talkPage(id) {
  const t = state.byId.get(id);
  const view = $('talk-view');
  view.replaceChildren();
  if (!t) { view.append(el('p', { text: `No talk has the id ${id}.` })); return; }
  // (append() writes a null as the word "null": only the parts a talk has are appended)
  view.append(...[
    el('h2', { text: t.title, tabindex: '-1', id: 'talk-title', ...spoken(t) }),
    several() && t.conference ? el('p', { class: 'conf', text: t.conference }) : null,
    t.cancelled ? el('p', { class: 'clash', text: OFF }) : null,
    talkMeta(t),
    talkSpeakers(t),
    saveButton(t),
    t.abstract ? el('p', { class: 'abstract', text: t.abstract, ...spoken(t) })
      : el('p', { class: 'abstract', text: 'No abstract given.' })].filter(Boolean));
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
  // (a note says its own full stop: "No talks on Wednesday at …: showing all days.")
  $('read').textContent = read.reduce((all, s) => (all ? all + (/[.!?]$/.test(all) ? ' ' : '. ') + s : s), '');
  const list = $('results');
  list.replaceChildren(...found.hits.map(h => card(h.talk, h.why === 'time' ? '' : h.why)));
  // the talks only nearest, set apart after those that match, as the CLI lists them
  const near = found.hits.findIndex(h => h.match === false);
  if (near >= 0) {
    list.children[near].before(el('li', { class: 'note', id: 'nearest',
      text: near ? state.meta.match.nearest_after : state.meta.match.nearest }));
  }
  if (!found.hits.length) list.append(el('li', { class: 'note', text: q ? 'No talk matches; try fewer words or another filter.' : '' }));
  const params = new URLSearchParams(location.search);
  if (q) params.set('q', q); else params.delete('q');
  history.replaceState(null, '', `?${params}${location.hash || '#search'}`);
}
// (a cancelled talk is kept, below the talks that take place: the engine ranks it so)
window.talkbaseSearch = (q, qv = null) => state.engine.search(q, qv, {}, 10).hits.map(h => h.talk.id);

// -- the program, now & next, the agenda --------------------------------------------------
function byDay(talks, into, note) {
  const view = $(into);
  view.replaceChildren();
  if (note) view.append(el('p', { class: 'note', text: note }));
  const days = new Map();
  for (const t of talks) {
    const d = t.start ? state.engine.clock(t).day : (t.day || 'No time given');
    if (!days.has(d)) days.set(d, []);
    days.get(d).push(t);
  }
  for (const [d, list] of days) {
    // the day with its year; in a site of several conferences, whose day it is
    const whose = several() ? [...new Set(list.map(t => t.conference).filter(Boolean))].join(', ') : '';
    const head = d === 'No time given' ? d : `${dayName(d)} ${d.slice(0, 4)}`;
    view.append(el('h2', { class: 'day', text: whose ? `${head} · ${whose}` : head }),
      el('ol', { class: 'list' }, ...list.map(t => card(t, '', 'h3'))));
  }
}
function off(t) { return t.cancelled ? el('span', { class: 'clash', text: ' (cancelled)' }) : null; }
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
  // (now is the same moment on every clock: which talk is on does not depend on it)
  view.replaceChildren(el('p', { class: 'note', text: state.zones.length > 1
    ? `Each talk on its own conference's clock (${state.zones.map(z => z || 'local time').join(', ')}).`
    : `On the conference's clock (${state.zones[0] || 'local time'}).` }));
  const list = el('ol', { class: 'list' });
  for (const [room, r] of [...rooms].sort()) {
    if (!r.on && !r.next) continue;
    list.append(el('li', { class: 'card' }, el('h3', { text: room || 'No room given' }),
      r.on ? el('div', {}, el('strong', { text: 'Now: ' }), el('a', { href: `#talk=${r.on.id}`, text: r.on.title }), off(r.on)) : null,
      r.next ? el('div', {}, el('strong', { text: 'Next: ' }), el('a', { href: `#talk=${r.next.id}`, text: `${r.next.title} (${when(r.next)})` }), off(r.next)) : null));
  }
  view.append(list.children.length ? list : el('p', { text: 'Nothing is on now or later.' }));
}
// The saved talks the calendar can hold: a timed one at its time, one with only a day
// as that day's all-day event; one the program calls off, or no longer holds, as
// cancelled (the same UID: a calendar that imported it marks it cancelled, or removes
// it); one with no day, not.
function calendarTalks() {
  return state.saved.map(id => state.byId.get(id) || (state.seen[id] && { ...state.seen[id], id, gone: true, speakers: [] }))
    .filter(t => t && (t.start || t.day));
}
function ics() {
  const events = calendarTalks().map(t => ({ ...t, cancelled: t.cancelled || t.gone }));
  const a = el('a', { href: URL.createObjectURL(new Blob([calendar(events, Date.now(), state.meta.sequence || 0)], { type: 'text/calendar' })), download: 'talkbase-agenda.ics' });
  a.click();
}
// the visitor's own agenda again: the shared one's link off the address
function myAgenda() {
  const params = new URLSearchParams(location.search);
  params.delete('saved');
  params.delete('skip');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? '?' + rest : ''}#agenda`);
  sharedLink();
  route();
}
function sharedPage() {  // someone's agenda, from their link: shown, never saved unasked
  const ids = state.shared;
  const theirs = ids.map(i => state.byId.get(i)).filter(Boolean)
    .sort((a, b) => (a.start || '~').localeCompare(b.start || '~'));
  const unknown = ids.length - theirs.length;
  const more = theirs.filter(t => !state.saved.includes(t.id));
  const n = theirs.length === 1 ? '1 talk' : `${theirs.length} talks`;
  byDay(theirs, 'agenda-view', theirs.length
    ? 'Your own agenda is unchanged: press Save on a talk to add it to yours.'
    : 'None of its talks is in this program.');
  const view = $('agenda-view');
  view.prepend(el('h2', { id: 'shared', text: `An agenda shared with you: ${n}` }),
    el('p', {},
      more.length ? el('button', { id: 'add-shared', onclick: () => {
        addToAgenda(more.map(t => t.id));
        storeAgenda();
        myAgenda();
      }, text: more.length === theirs.length ? `Add all ${more.length} to my agenda` : `Add the ${more.length} I have not saved to my agenda` })
        : el('span', { class: 'note', text: 'All of them are in your agenda. ' }),
      ' ',
      el('button', { id: 'my-agenda', onclick: myAgenda, text: `Back to my agenda${state.saved.length ? ` (${state.saved.length})` : ''}` })),
    unknown ? el('p', { class: 'note', text: `${unknown === 1 ? '1 talk' : `${unknown} talks`} of the link this program does not hold.` }) : '');
}
function agendaPage() {
  if (state.shared) { sharedPage(); return; }
  const mine = state.saved.map(i => state.byId.get(i)).filter(Boolean)
    .sort((a, b) => (a.start || '~').localeCompare(b.start || '~'));
  const gone = state.saved.filter(i => !state.byId.has(i));
  byDay(mine, 'agenda-view', state.saved.length ? 'Kept in this browser.' : 'Nothing saved yet: press Save on a talk.');
  const view = $('agenda-view');
  if (gone.length) {  // saved, and the program no longer holds it: said, never dropped
    view.append(el('h2', { class: 'day', text: `No longer in the program (${gone.length})` }),
      el('ol', { class: 'list' }, ...gone.map(id => {
        const was = state.seen[id];
        return el('li', { class: 'card cancelled' },
          el('h3', { text: was ? was.title : `A talk saved as ${id}` }),
          el('div', { class: 'meta', text: was ? [when(was), was.room].filter(Boolean).join(' · ') : 'Saved before this site kept its title.' }),
          el('div', { class: 'clash', text: 'No longer in the program.' }),
          el('button', { 'aria-label': `Remove: ${was ? was.title : id}`, onclick: () => toggleSave(id), text: 'Remove' }));
      })));
  }
  // this program's talks saved in LEGACY since it was copied (by a page of an earlier version still open)
  const others = legacyIds().filter(i => state.byId.has(i) && !state.saved.includes(i) && !state.taken.includes(i));
  if (others.length) {
    const add = () => {
      state.saved = [...state.saved, ...others];
      state.taken = [...state.taken, ...others];
      for (const id of others) state.seen[id] = snapshot(state.byId.get(id));
      storeAgenda();
      route();
    };
    view.append(el('p', { class: 'note', id: 'other-saved' },
      `${others.length} more of this program’s talks saved in this browser by an earlier version of this site. `,
      el('button', { onclick: add, text: 'Add them here' })));
  }
  if (state.saved.length) {
    const share = `${location.origin}${location.pathname}?saved=${state.saved.join('-')}#agenda`;
    const inCalendar = new Set(calendarTalks().map(t => t.id));
    const left = state.saved.filter(i => state.byId.has(i) && !inCalendar.has(i));
    view.prepend(el('p', {},
      el('button', { onclick: ics, text: 'Download .ics' }), ' ',
      el('a', { href: share, text: 'Share link' })),
    left.length ? el('p', { class: 'note', id: 'not-in-calendar', text:
      `${left.length === 1 ? '1 saved talk is' : `${left.length} saved talks are`} not in the calendar, having no day: `
      + left.map(i => (state.byId.get(i) || state.seen[i] || { title: i }).title).join('; ') }) : '');
  }
}

// -- routing -----------------------------------------------------------------------------
// A link the app writes (appviews/urlstate.py, state.py) opens what it names here too:
// ?talk=ID the talk's page (the site's #talk=ID), ?view=program|now|agenda that view
// (its share link: ?view=agenda&saved=...), ?speaker=NAME a search for their name; what
// the site cannot follow is said in a notice, not dropped unsaid. A hash the link has
// wins (the site's own form).
const APP_VIEWS = ['program', 'now', 'agenda'];
function appLink() {
  const params = new URLSearchParams(location.search);
  const notes = [];
  let hash = location.hash.slice(1);
  const shown = v => (v.length > 60 ? v.slice(0, 60) + '…' : v);
  const talk = params.get('talk');
  if (talk !== null) {  // read as the app reads an id (agenda.py parse_id)
    const id = /^[0-9]{1,18}$/.test(talk.trim()) ? String(BigInt(talk.trim())) : null;
    if (id && state.byId.has(id)) hash = hash || `talk=${id}`;
    else notes.push(`No talk has the id “${shown(talk)}”.`);
    params.delete('talk');
  }
  const view = params.get('view');
  if (view !== null) {
    if (APP_VIEWS.includes(view)) hash = hash || view;
    else if (view) notes.push(`This site has no view called “${shown(view)}”.`);
    params.delete('view');
  }
  const speaker = params.get('speaker');
  if (speaker) {
    if (!params.get('q')) params.set('q', speaker);
    notes.push(`This site has no page of a speaker: it searches for “${shown(speaker)}”.`);
    params.delete('speaker');
  }
  const org = params.get('org');
  if (org) {
    notes.push(`This site has no page of an organization (“${shown(org)}”).`);
    params.delete('org');
  }
  if (talk === null && view === null && !speaker && !org) return;
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? '?' + rest : ''}${hash ? '#' + hash : ''}`);
  if (notes.length) $('main').prepend(el('p', { class: 'note', id: 'link-note', role: 'status', text: notes.join(' ') }));
}
function route() {
  const hash = location.hash.slice(1) || (state.shared ? 'agenda' : 'search');  // (the app's link: ?view=agenda&saved=)
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
  else return runSearch();
}

// what search by meaning reads: the base's MiniLM reads English, and a program in other
// languages too (by the rule that gives the server its multilingual signal) is told so
function byMeaning(kept = '') {
  const { several, not_english: other, known } = state.meta.languages;
  const caveat = several ? ` Meaning reads English only on this program: ${other} of ${known} talks are not in English.` : '';
  return `Searching by words and by meaning.${kept}${caveat}`;
}
// every file search by meaning needs, into this export's cache; tried three times, a
// second apart then two, since a reload or a busy disk can cut one try short
async function keepForOffline(files, tries = 3) {
  const cache = await caches.open('talkbase-site-' + state.meta.version);
  for (let i = 1; ; i++) {
    try {
      for (const f of files) if (!(await cache.match(f))) await cache.add(f);
      return;
    } catch (e) {
      if (i >= tries) throw e;
      await new Promise(r => setTimeout(r, 1000 * i));
    }
  }
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
      // said once every file is kept: search by meaning then works offline too; a refusal
      // (no room left on the device, the server gone) is said, never swallowed
      keepForOffline(files)
        .then(() => {
          document.body.dataset.offline = 'ready';
          $('status').textContent = byMeaning(' Kept for offline use.');
        })
        .catch(e => {
          document.body.dataset.offline = 'failed';
          const why = e && e.name === 'QuotaExceededError' ? 'the browser has no room left for it' : String(e && e.message || e);
          $('status').textContent = byMeaning(` Not kept for offline use: ${why}.`);
        });
    }
    $('status').textContent = byMeaning();
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
  // the clocks the site's times are on: its conference's, or each conference's own
  state.zones = [...new Set(talks.filter(t => t.start).map(t => talkZone(meta, t) || ''))].sort();
  for (const t of talks) state.byId.set(t.id, t);
  state.engine = createSearch(talks, meta, new Int8Array(vecs));
  document.title = meta.conference || 'Program';
  $('title').textContent = meta.conference || 'Program';
  // where it is held: the one venue, or each conference's of a site of several
  const held = several() ? meta.conferences.map(c => c.venue ? `${c.name} (${c.venue})` : c.name).join(' · ') : meta.venue;
  if (held) { $('venue').textContent = held; $('venue').hidden = false; }
  for (const [id, values, name] of [['f-day', meta.days, dayName], ['f-room', meta.rooms], ['f-track', meta.tracks]]) {
    for (const v of values) $(id).append(el('option', { value: v, text: name ? name(v) : v }));
    if (!values.length) $(id).parentElement.hidden = true;
  }
  appLink();
  sharedLink();
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
  if ('serviceWorker' in navigator) {
    // a page a previous version's worker served: once a new export's worker takes
    // over, the program shown here is the old one, and the page says so
    const before = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (!before || $('updated')) return;
      $('main').prepend(el('p', { class: 'clash', id: 'updated', role: 'status' },
        'The program was updated since this page loaded. ',
        el('button', { onclick: () => location.reload(), text: 'Reload' })));
    });
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
  loadMeaning();
}
main();
