"""Sweep 19 (languages): a Turkish table's start, end and organisation columns
("Başlangıç", "Başlangıç Saati", "Başlama", "Bitiş Saati", "Kurum", "Şirket") and
Greek ones ("Ώρα λήξης", "Φορέας", "Κατηγορία") are known header names; a column no
header name knows whose cells are all clock times is the start (a second one after it
the end), said; ends without a start are never dropped unsaid; a workbook says the
columns it does not read as a CSV does; a Hebrew calendar's speakers' label
("מרצים:", "מרצה:") names the speakers and leaves the abstract (F1, F2, F6, F11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import parse_text
from ingest.detect import parse_path
from talkbase.cli import main
from tests.conftest import workbook

ROWS = (
    ("14.11.2026", "09:30", "10:00", "Açılış Konuşması", "Ayşe Yılmaz", "Trendyol", "Ana Salon"),
    ("14.11.2026", "10:15", "11:00", "Kubernetes Üzerinde Sıfır Kesinti", "Can Öztürk", "Getir",
     "Salon B"),
    ("15.11.2026", "13:00", "13:45", "Öneri Sistemlerinde Gerçek Zaman", "Elif Şahin", "Hepsiburada",
     "Ana Salon"),
)  # fmt: skip


def _csv(header: tuple[str, ...], rows=ROWS) -> str:
    return "\n".join(",".join(r) for r in (header, *rows)) + "\n"


def _read(header: tuple[str, ...]) -> tuple[list, list[str]]:
    _, talks, warnings = parse_text(_csv(header), "program.csv")
    return talks, warnings


@pytest.mark.parametrize(
    ("start", "end", "org"),
    [
        ("Başlangıç", "Bitiş", "Kurum"),
        ("BAŞLANGIÇ", "BİTİŞ", "KURUM"),
        ("Başlangıç Saati", "Bitiş Saati", "Şirket"),
        ("Başlama", "Bitiş", "Şirket"),
        ("Ώρα έναρξης", "Ώρα λήξης", "Φορέας"),
    ],
)
def test_turkish_and_greek_start_end_and_organisation_columns_are_read(start, end, org):
    talks, warnings = _read(("Tarih", start, end, "Oturum Başlığı", "Konuşmacı", org, "Salon"))
    assert [t.start.strftime("%d %H:%M") for t in talks] == ["14 09:30", "14 10:15", "15 13:00"]
    assert [t.end.strftime("%H:%M") for t in talks] == ["10:00", "11:00", "13:45"]
    assert [t.speakers[0].affiliation for t in talks] == ["Trendyol", "Getir", "Hepsiburada"]
    assert not any("not read" in w for w in warnings), warnings


def test_a_greek_category_column_is_the_track():
    rows = [(*r, "Yapay Zeka") for r in ROWS]
    text = _csv(("Ημέρα", "Ώρα έναρξης", "Ώρα λήξης", "Θέμα", "Ομιλητές", "Φορέας", "Χώρος",
                 "Κατηγορία"), rows)  # fmt: skip
    _, talks, _ = parse_text(text, "gr.csv")
    assert [t.track for t in talks] == ["Yapay Zeka"] * 3


def test_a_column_of_clock_times_no_name_knows_is_the_start_and_said():
    # an unknown name for the start ("Açılış Saati"), the end's known ("Bitiş")
    talks, warnings = _read(("Tarih", "Açılış Saati", "Bitiş", "Başlık", "Konuşmacı", "Kurum"))
    assert [t.start.strftime("%H:%M") for t in talks] == ["09:30", "10:15", "13:00"]
    assert [t.end.strftime("%H:%M") for t in talks] == ["10:00", "11:00", "13:45"]
    assert any("'Açılış Saati' read as the start times by its values" in w for w in warnings)


def test_two_columns_of_clock_times_no_name_knows_are_the_start_and_the_end():
    # Latvian: "Sākums" (start), "Beigas" (end), no name known for either (Lithuanian's
    # "Pradžia" and "Pabaiga" are known since sweep 24)
    talks, warnings = _read(("Data", "Sākums", "Beigas", "Nosaukums", "Title", "Org", "Room"))
    assert [(t.start.strftime("%H:%M"), t.end.strftime("%H:%M")) for t in talks] == [
        ("09:30", "10:00"),
        ("10:15", "11:00"),
        ("13:00", "13:45"),
    ]
    assert any("'Sākums' read as the start times" in w for w in warnings)
    assert any("'Beigas' read as the end times" in w for w in warnings)


def test_ends_without_a_start_are_never_dropped_unsaid():
    # the start's column holds words no clock ("sabah"), so none is told by its values
    rows = [(r[0], "sabah", *r[2:]) for r in ROWS]
    text = _csv(("Tarih", "Zaman", "Bitiş", "Başlık", "Konuşmacı", "Kurum", "Salon"), rows)
    _, talks, warnings = parse_text(text, "program.csv")
    assert not any(t.start or t.end for t in talks)
    said = [w for w in warnings if "end times (column 'Bitiş')" in w]
    assert said and "no column of start times" in said[0] and "--map start=" in said[0]


def test_a_workbook_says_its_unread_columns_and_reads_its_title_row_as_a_csv(tmp_path: Path):
    header = ("Tarih", "Açılış", "Bitiş", "Oturum Başlığı", "Konuşmacı", "Notlar", "Salon")
    rows = [(*r[:5], "x", r[6]) for r in ROWS]
    book = workbook(
        tmp_path / "program.xlsx",
        {"Program": [("DevFest İstanbul 2026 (tüm saatler Europe/Istanbul)",), header, *rows]},
        merge="A1:G1",
    )
    doc = parse_path(book)
    csv = tmp_path / "program.csv"
    csv.write_text(
        "DevFest İstanbul 2026 (tüm saatler Europe/Istanbul)\n" + _csv(header, rows),
        encoding="utf-8",
    )
    flat = parse_path(csv)
    for read in (doc, flat):
        assert [t.start.strftime("%H:%M%z") for t in read.talks][:1] == ["09:30+0300"]
        assert {t.conference for t in read.talks} == {"DevFest İstanbul 2026"}
    unread = "column(s) not read, as no field is named so: 'Notlar'"
    assert any(unread in w for w in doc.warnings), doc.warnings
    assert any(unread in w for w in flat.warnings), flat.warnings
    assert any("'Açılış' read as the start times by its values" in w for w in doc.warnings)


HEBREW = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:פייקון ישראל 2026\r\n"
    "X-WR-TIMEZONE:Asia/Jerusalem\r\n"
    "BEGIN:VEVENT\r\nUID:a@pycon.il\r\nDTSTART;TZID=Asia/Jerusalem:20261122T094000\r\n"
    "DTEND;TZID=Asia/Jerusalem:20261122T102000\r\nSUMMARY:מודלי שפה גדולים בעברית\r\n"
    "DESCRIPTION:{label} יוסי לוי (AI21 Labs)\\, נועה כהן (Wix)\\n\\nאיך אימנו מודל שפה "
    "על טקסטים בעברית.\r\nLOCATION:אולם ראשי\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:b@pycon.il\r\nDTSTART;TZID=Asia/Jerusalem:20261122T104000\r\n"
    "DTEND;TZID=Asia/Jerusalem:20261122T112000\r\nSUMMARY:Polars בייצור\r\n"
    "DESCRIPTION:{one} מיכל אברהם (Monday.com)\\n\\nהשוואה בין Pandas ל-Polars.\r\n"
    "LOCATION:חדר 2\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)


def test_a_hebrew_speakers_label_names_the_speakers_and_leaves_the_abstract():
    _, talks, _ = parse_text(HEBREW.format(label="מרצים:", one="מרצה:"), "schedule.ics")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("יוסי לוי", "AI21 Labs"), ("נועה כהן", "Wix")],
        [("מיכל אברהם", "Monday.com")],
    ]
    assert [t.abstract for t in talks] == [
        "איך אימנו מודל שפה על טקסטים בעברית.",
        "השוואה בין Pandas ל-Polars.",
    ]


def test_export_to_a_dash_writes_standard_output(fake_home, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = main(["--home", str(fake_home), "export", "-o", "-"])
    out, _ = capsys.readouterr()
    assert code == 0 and len(out.splitlines()) == 71
    assert not (tmp_path / "-").exists()
    code = main(["--home", str(fake_home), "export", "--format", "site", "-o", "-"])
    _, err = capsys.readouterr()
    assert code == 1 and "standard output" in err and err.count("\n") == 1
    assert not (tmp_path / "-").exists()
