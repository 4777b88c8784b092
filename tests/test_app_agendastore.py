"""The page script that keeps the agenda in the browser (appviews/storage.py), run in
Node with a local storage of its own: two tabs add up, a page that did not see a
talk leaves it stored, an earlier version's entry is merged in, and hostile entries
neither throw nor push the real ids out. The same paths in a real Chromium are in
tests/test_browser_agenda.py; skipped, saying why, without `node`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from appviews import storage
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs node to run the page script")

HARNESS = """
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
const [script, steps, initial] = process.argv.slice(2);
const mod = await import(pathToFileURL(script).href);
const items = new Map(Object.entries(JSON.parse(readFileSync(initial, 'utf8'))));
const localStorage = {
  get length() { return items.size; },
  key(i) { return [...items.keys()][i] ?? null; },
  getItem(k) { return items.has(k) ? items.get(k) : null; },
  setItem(k, v) { items.set(k, String(v)); },
  removeItem(k) { items.delete(k); },
};
const tabs = {}, sent = [];
for (const step of JSON.parse(readFileSync(steps, 'utf8'))) {
  const tab = (tabs[step.tab] = tabs[step.tab] || { localStorage, addEventListener() {} });
  globalThis.window = tab;
  mod.default({ data: step.data, setStateValue: (k, v) => sent.push([step.tab, k, v]) });
}
console.log(JSON.stringify({ store: Object.fromEntries(items), sent }));
"""


def run(tmp_path: Path, steps: list[tuple[str, dict[str, Any]]], store: dict[str, str]) -> Any:
    script = tmp_path / "store.mjs"
    script.write_text(storage._JS)
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS)
    (tmp_path / "steps.json").write_text(json.dumps([{"tab": t, "data": d} for t, d in steps]))
    (tmp_path / "store.json").write_text(json.dumps(store))
    done = subprocess.run(
        [
            str(NODE),
            str(harness),
            str(script),
            str(tmp_path / "steps.json"),
            str(tmp_path / "store.json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def data(
    token: str, ops: list[agenda_mod.Op], mine: Agenda | None = None, seen: bool = True
) -> Any:
    return storage.page_data(token, seen, list(enumerate(ops, 1)), mine or Agenda())


def stored(out: Any) -> Agenda:
    return storage.decode(out["store"].get(storage.KEY, ""))


def test_two_tabs_add_up(tmp_path) -> None:
    out = run(
        tmp_path,
        [
            ("one", data("t1", [("save", 11)], Agenda((11,)))),
            ("two", data("t2", [("save", 22)], Agenda((22,)))),
            ("one", data("t1", [("save", 11), ("skip", 33)], Agenda((11,), (33,)))),
            ("two", data("t2", [("save", 22), ("remove", 22)])),
        ],
        {},
    )
    assert stored(out) == Agenda((11,), (33,))


def test_a_page_that_did_not_see_a_talk_leaves_it_stored(tmp_path) -> None:
    # 7 was out of the base when this page opened: its session never held it
    entry = storage.encode(Agenda((7, 8), (9,)))
    out = run(
        tmp_path,
        [("one", data("t", [("save", 12), ("remove", 8)], Agenda((12,))))],
        {storage.KEY: entry},
    )
    assert stored(out) == Agenda((7, 12), (9,))


def test_reading_sends_the_entry_and_merges_an_earlier_versions_in_once(tmp_path) -> None:
    old = {
        storage.PREFIX + "0123456789abcdef": json.dumps({"saved": "5-6"}),
        storage.KEY: json.dumps({"saved": "6-4"}),
    }
    out = run(tmp_path, [("one", data("t", [], seen=False))], old)
    assert list(out["store"]) == [storage.KEY]
    assert stored(out) == Agenda((6, 4, 5))
    ((tab, name, value),) = out["sent"]
    entry, applied = storage._read(value)
    assert (name, applied) == ("stored", 0) and storage.decode(entry) == Agenda((6, 4, 5))


def test_an_operation_is_applied_once(tmp_path) -> None:
    step = data("t", [("save", 1), ("remove", 1)])
    again = data("t", [("save", 1), ("remove", 1), ("save", 2)])
    out = run(
        tmp_path, [("one", step), ("one", step), ("one", again)], {storage.KEY: '{"saved": "1"}'}
    )
    assert stored(out) == Agenda((2,))


@pytest.mark.parametrize(
    "entry",
    [
        "[" * 10_000 + "]" * 10_000,
        json.dumps({"saved": "-".join(str(10**12 + i) for i in range(5000)) + "-42"}),
        "{" * 100_000,
        json.dumps({"saved": ["1e400", None, {"a": 1}, 42, "0042", -1, True]}),
        "not json",
    ],
    ids=["nested", "5000-unknown-first", "braces", "odd-values", "junk"],
)
def test_hostile_entries_never_throw_and_never_drop_the_session_ids(tmp_path, entry) -> None:
    out = run(tmp_path, [("one", data("t", [("save", 42)], Agenda((42,))))], {storage.KEY: entry})
    kept = stored(out)
    assert kept.saved[-1] == 42 and len(kept.saved) <= agenda_mod.MAX_IDS
    assert len(out["store"][storage.KEY]) < 25 * agenda_mod.MAX_IDS


def test_the_python_reading_of_an_entry_is_bounded_and_never_raises() -> None:
    real = (101, 202, 303)
    unknown = "-".join(str(10**12 + i) for i in range(600))
    entry = json.dumps({"saved": unknown + "-" + "-".join(map(str, real))})
    read = storage.decode(entry, set(real)).saved  # 600 unknown first: the known kept
    assert read[-3:] == real and len(read) == agenda_mod.MAX_IDS
    assert read[:-3] == tuple(10**12 + i for i in range(agenda_mod.MAX_IDS - 3))
    long = json.dumps({"saved": "-".join(str(10**15 + i) for i in range(2000)) + "-101"})
    read = storage.decode(long, set(real)).saved
    assert len(long) > 20_000 and read[-1] == 101 and len(read) == agenda_mod.MAX_IDS
    assert storage.decode("[" * 10_000 + "]" * 10_000, set(real)) == Agenda()
    assert storage.decode('{"saved": 5, "skip": {"x": []}}', set(real)) == Agenda()
    assert storage._read("[" * 100_000) == ("", 0)


def test_operations_are_the_difference_and_apply_back() -> None:
    old, new = Agenda((1, 2), (3,)), Agenda((2, 4), (1,))
    ops = agenda_mod.ops_of(old, new)
    got = old
    for op in ops:
        got = agenda_mod.apply(got, op)
    assert got == new
    assert agenda_mod.apply(Agenda((9,)), ("merge", (1,), (9,))) == Agenda((9, 1))
    assert agenda_mod.apply(Agenda((9,)), ("replace", (1,), ())) == Agenda((1,))
    assert agenda_mod.apply(Agenda((9,)), ("nonsense", 1)) == Agenda((9,))


def _as_saved(tid: int, title: str, start: str, room: str) -> dict[str, Any]:
    from datetime import datetime

    from talkbase.core.records import Talk

    begin = datetime.fromisoformat(start)
    return agenda_mod.SavedAs.of(
        Talk(title=title, start=begin, end=begin, room=room, id=tid)
    ).to_json()


def test_the_entry_keeps_each_saved_talk_as_saved_beside_its_id(tmp_path) -> None:
    """What the program changed of a saved talk is said from what the entry kept when
    it was saved (`agenda.SavedAs`): a "seen" keeps one where none is, an "ack" (the
    person read the change) anew; a talk removed loses its; an entry an earlier
    version wrote (ids only) is read as it was, and gains them."""
    first = _as_saved(11, "Opening", "2030-02-13T20:00:00+01:00", "Kino 1")
    moved = _as_saved(11, "Opening", "2030-02-13T21:00:00+01:00", "Foyer")
    other = _as_saved(22, "Late", "2030-02-13T22:00:00+01:00", "Kino 1")
    old = {storage.KEY: json.dumps({"saved": "11-22", "skip": "33"})}  # an earlier version's
    out = run(tmp_path, [("one", data("t", [], seen=False))], old)
    entry, _ = storage._read(out["sent"][0][2])
    assert (
        storage.decode(entry) == Agenda((11, 22), (33,))
        and storage.decode_seen(entry, Agenda((11, 22))) == {}
    )
    ops: list[agenda_mod.Op] = [("seen", {11: first, 22: other}), ("seen", {11: moved})]
    out = run(tmp_path, [("one", data("t", ops, Agenda((11, 22), (33,))))], old)
    entry = out["store"][storage.KEY]
    assert stored(out) == Agenda((11, 22), (33,))
    kept = storage.decode_seen(entry, stored(out))
    assert kept[11].room == "Kino 1" and kept[22].title == "Late"  # the first kept stays
    ops += [("ack", {11: moved}), ("remove", 22)]
    out = run(tmp_path, [("one", data("t", ops, Agenda((11,), (33,))))], old)
    kept = storage.decode_seen(out["store"][storage.KEY], stored(out))
    assert list(kept) == [11] and kept[11].room == "Foyer"
    assert json.loads(out["store"][storage.KEY])["seen"] == {"11": moved}
    # another tab that saves a talk keeps the kept ones of this tab's
    out = run(
        tmp_path,
        [("two", data("t2", [("save", 44)], Agenda((44,))))],
        {storage.KEY: storage.encode(Agenda((11,)), {11: agenda_mod.SavedAs.from_json(first)})},
    )
    assert stored(out) == Agenda((11, 44))
    assert storage.decode_seen(out["store"][storage.KEY], stored(out))[11].room == "Kino 1"


def test_hostile_kept_talks_never_throw(tmp_path) -> None:
    entry = json.dumps(
        {
            "saved": "1-2-3",
            "seen": {
                "1": {"title": "x" * 5000},
                "2": [1, 2],
                "3": {"title": "ok", "start": "junk", "room": 7},
                "__proto__": {"title": "p"},
            },
        }
    )
    out = run(tmp_path, [("one", data("t", [("save", 4)], Agenda((4,))))], {storage.KEY: entry})
    assert stored(out) == Agenda((1, 2, 3, 4))
    assert json.loads(out["store"][storage.KEY])["seen"] == {"3": {"title": "ok", "start": "junk"}}
    assert storage.decode_seen(entry, Agenda((1, 2, 3))) == {3: agenda_mod.SavedAs("ok")}
    assert storage.decode_seen('{"seen": 5}', Agenda((1,))) == {}
