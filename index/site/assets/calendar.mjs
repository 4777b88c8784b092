// The agenda's calendar (RFC 5545), as the app's appviews/models/ics.py writes it: TEXT
// values escaped (\ ; , and newlines; every line separator a newline, other control
// characters dropped), each line folded at 75 octets without splitting a UTF-8
// character, each line ended by CRLF. No DOM here: tests run this file under Node.

const CRLF = '\r\n';
const FOLD_AT = 75;  // octets per line, excluding the CRLF
// what some calendar readers (and Python's str.splitlines) take for a line's end
const LINE_END = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;
const CONTROL = /[\x00-\x08\x0e-\x1b\x1f\x7f-\x9f]/g;
const utf8 = new TextEncoder();

export function escapeText(value) {
  return (value || '').replace(LINE_END, '\n').replace(CONTROL, '')
    .replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
}

export function foldLine(line) {
  const out = [];
  let current = '', size = 0;
  for (const ch of line) {  // (by code point: a character outside the BMP is kept whole)
    const n = utf8.encode(ch).length;
    if (size + n > FOLD_AT) { out.push(current); current = ' '; size = 1; }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join(CRLF);
}

// `events`: {id, title, start, end, day, room, speakers, cancelled}: a timed one at its
// time (ISO), one with only a day (YYYY-MM-DD) as that day's all-day event. `sequence`:
// every event's SEQUENCE, the build's, computed by the export (meta.json's `sequence`,
// talkbase/core/present.py `calendar_sequence`, the app's rule): a later build's is higher
export function calendar(events, now = Date.now(), sequence = 0) {
  const stamp = d => new Date(d).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const date = d => d.replace(/-/g, '');
  const next = d => new Date(Date.parse(d + 'T00:00:00Z') + 864e5).toISOString().slice(0, 10);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//talkbase//static site//EN'];
  for (const t of events) {
    lines.push('BEGIN:VEVENT', `UID:talk-${t.id}@talkbase`, `SEQUENCE:${sequence}`, `DTSTAMP:${stamp(now)}`,
      ...(t.start ? [`DTSTART:${stamp(t.start)}`, `DTEND:${stamp(t.end || t.start)}`]
        : [`DTSTART;VALUE=DATE:${date(t.day)}`, `DTEND;VALUE=DATE:${date(next(t.day))}`]),
      `SUMMARY:${escapeText(t.title)}`, `LOCATION:${escapeText(t.room)}`,
      `DESCRIPTION:${escapeText((t.speakers || []).join(', '))}`,
      ...(t.cancelled ? ['STATUS:CANCELLED'] : []), 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(l => foldLine(l) + CRLF).join('');
}
