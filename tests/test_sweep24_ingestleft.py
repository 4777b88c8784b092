"""Sweep 24 (ingestleft): what sweep 23 left of ingest. `--map` names the columns of a
Markdown program's or a web page's tables; headers in the Arabic script compared with
their letters' variants folded (`columns.norm`: "تاريخ" is "تاریخ") and Arabic's end
column "النهاية"; a list line parted by " • "; a title led by a word for cancelled
("Batal: …") said, and kept whole where that word is in no language of the program;
a session type in two words ("Jenis Sesi"); "Name, Company" as one person; a city
named with its accents and spaces ("Hà Nội") as its zone."""

from __future__ import annotations

import pytest

from ingest import when
from ingest.detect import parse_text
from ingest.formats.columns import norm, resolve
from ingest.speakers import parse_speakers
from talkbase.core.errors import InputError

# ---- 1: --map on a Markdown table, and on a web page's table -----------------------------

_MD = """# DevConf 2026

## Saturday 7 November 2026

| Kichwa cha mada | Saa | Mzungumzaji | Ukumbi |
|---|---|---|---|
| Rust in production | 09:00 | Jane Doe | Room 1 |
| Kafka at scale | 10:00 | John Roe | Room 2 |
"""

_HTML = """<html><head><title>DevConf 2026</title></head><body>
<h1>DevConf 2026</h1>
<h2>Saturday 7 November 2026</h2>
<table>
<tr><th>Kichwa cha mada</th><th>Saa</th><th>Mzungumzaji</th><th>Ukumbi</th></tr>
<tr><td>Rust in production</td><td>09:00</td><td>Jane Doe</td><td>Room 1</td></tr>
<tr><td>Kafka at scale</td><td>10:00</td><td>John Roe</td><td>Room 2</td></tr>
</table></body></html>
"""


@pytest.mark.parametrize(("text", "name"), [(_MD, "p.md"), (_HTML, "p.html")])
def test_map_names_the_columns_of_a_markdown_or_html_table(text: str, name: str) -> None:
    with pytest.raises(InputError, match="--map FIELD=COLUMN"):
        parse_text(text, name)  # (its title column is named in no language read)
    _, talks, _ = parse_text(text, name, mapping={"title": "Kichwa cha mada"})
    assert [t.title for t in talks] == ["Rust in production", "Kafka at scale"]
    assert [(t.start.hour if t.start else None) for t in talks] == [9, 10]
    assert [t.room for t in talks] == ["Room 1", "Room 2"]
    assert [[s.name for s in t.speakers] for t in talks] == [["Jane Doe"], ["John Roe"]]


def test_map_naming_no_column_of_any_table_is_refused_naming_it() -> None:
    with pytest.raises(InputError, match="no table's header holds: Nope"):
        parse_text(_MD, "p.md", mapping={"title": "Nope"})


# ---- 2: the Arabic script's letter variants; Arabic's end column --------------------------


def test_arabic_script_headers_fold_their_letter_variants() -> None:
    assert norm("تاريخ") == norm("تاریخ")  # Arabic yeh, Persian yeh
    assert norm("كارگاه") == norm("کارگاه")  # Arabic kaf, Persian keheh
    assert norm("القاعة") == norm("القاعه") == norm("ٱلقاعـة")  # teh marbuta, wasla, tatweel
    assert norm("Título") == "titulo"  # (the Latin script as before)
    assert resolve(["تاريخ", "ساعت شروع", "عنوان"]) == {
        "date": "تاريخ",
        "start": "ساعت شروع",
        "title": "عنوان",
    }


def test_persian_date_written_with_arabic_yeh_and_arabic_end_column_are_read() -> None:
    fa = (
        "تاريخ,روز,ساعت شروع,ساعت پایان,عنوان,سخنران\n"
        "۱۴۰۵/۰۸/۲۶,سه‌شنبه,۰۹:۰۰,۰۹:۴۵,آینده هوش مصنوعی در ایران,علی رضایی\n"
    )
    _, talks, warnings = parse_text(fa, "fa.csv")
    assert talks[0].start is not None and talks[0].start.date().isoformat() == "2026-11-17"
    assert not any("تاريخ" in w for w in warnings)
    ar = (
        "التاريخ,البداية,النهاية,العنوان,المتحدث\n"
        "2026-11-21,09:00,09:45,مستقبل الذكاء الاصطناعي,أحمد علي\n"
    )
    _, talks, warnings = parse_text(ar, "ar.csv")
    assert talks[0].end is not None and (talks[0].end.hour, talks[0].end.minute) == (9, 45)
    assert not any("النهاية" in w for w in warnings)


# ---- 3: a list line parted by " • " -------------------------------------------------------


def test_a_list_line_parted_by_bullets_is_read_as_one_parted_by_dots() -> None:
    md = (
        "# BulConf 2026\n\n## Saturday, 7 November 2026\n\n"
        "- 09:00 – 09:45 Rust in production • Jane Doe (Acme) • Room 1\n"
        "- 10:00 – 10:45 Kafka at scale • John Roe • Room 2\n"
    )
    _, talks, warnings = parse_text(md, "b.md")
    assert [t.title for t in talks] == ["Rust in production", "Kafka at scale"]
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Jane Doe", "Acme")],
        [("John Roe", None)],
    ]
    assert [t.room for t in talks] == ["Room 1", "Room 2"]
    assert not any("parted by" in w for w in warnings)


# ---- 4: a title led by a word for cancelled -----------------------------------------------

_BATAL_EN = (
    "title,start,end,room,language\n"
    "Batal: a new language,2026-11-07 09:00,2026-11-07 09:45,Room 1,English\n"
    "CANCELED: GraphQL Federation,2026-11-07 10:00,2026-11-07 10:45,Room 1,English\n"
    "[Batal] Rust in production,2026-11-07 11:00,2026-11-07 11:45,Room 2,English\n"
)


def test_a_word_for_cancelled_in_no_language_of_the_program_keeps_its_talk_said() -> None:
    _, talks, warnings = parse_text(_BATAL_EN, "en.csv")
    first, second, third = talks
    assert first.title == "Batal: a new language" and not first.cancelled
    assert [w for w in warnings if "Batal: a new language" in w] == [
        "en.csv line 2: 'Batal: a new language' begins with 'Batal', a word for cancelled "
        "in no language of this program: kept as taking place (a status column, or "
        "'[Batal]' before the title, calls it off)"
    ]
    # English's word, and any word in brackets, call a talk off; the bare one is said
    assert second.title == "GraphQL Federation" and second.cancelled
    assert (
        "en.csv line 3: 'CANCELED: GraphQL Federation' is read as cancelled: its title "
        "begins with 'CANCELED'"
    ) in warnings
    assert third.title == "Rust in production" and third.cancelled
    assert not any("Rust in production" in w for w in warnings)


def test_a_word_for_cancelled_in_the_programs_language_calls_off_said() -> None:
    csv = (
        "Judul,Mulai,Selesai,Ruangan,Bahasa\n"
        "Batal: Pengenalan Rust untuk Pemula,2026-11-07 09:00,2026-11-07 09:45,R1,Indonesia\n"
        "Membangun Sistem Pembayaran,2026-11-07 10:00,2026-11-07 10:45,R1,Indonesia\n"
    )
    _, talks, warnings = parse_text(csv, "id.csv")
    assert talks[0].title == "Pengenalan Rust untuk Pemula" and talks[0].cancelled
    assert (
        "id.csv line 2: 'Batal: Pengenalan Rust untuk Pemula' is read as cancelled: its "
        "title begins with 'Batal'"
    ) in warnings


# ---- 5: a session type in two words -------------------------------------------------------


@pytest.mark.parametrize("header", ["Jenis Sesi", "Tipo de sesión", "Type de session"])
def test_a_session_type_named_in_two_words_is_the_format(header: str) -> None:
    csv = (
        f"Judul,Tanggal,Mulai,{header}\n"
        "Pengenalan Rust,2026-11-14,11:00,Lokakarya\n"
        "Masa Depan AI,2026-11-14,09:00,Keynote\n"
    )
    _, talks, warnings = parse_text(csv, "id.csv")
    assert [t.format for t in talks] == ["Lokakarya", "Keynote"]
    assert not any(header in w for w in warnings)


# ---- 6: "Name, Company" -------------------------------------------------------------------


def test_a_name_and_an_organisation_after_a_comma_is_one_person() -> None:
    csv = (
        "title,start,speaker\n"
        'Rust in production,2026-11-07 09:00,"Ana Silva, Acme Corp"\n'
        "Kafka at scale,2026-11-07 10:00,John Roe\n"
        'Go generics,2026-11-07 11:00,"Ada Lovelace, Grace Hopper"\n'
    )
    _, talks, _ = parse_text(csv, "c.csv")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Ana Silva", "Acme Corp")],
        [("John Roe", None)],
        [("Ada Lovelace", None), ("Grace Hopper", None)],  # (two people, as before)
    ]
    assert [
        (s.name, s.affiliation) for s in parse_speakers("Marie Curie, University of Paris")
    ] == [("Marie Curie", "University of Paris")]
    assert len(parse_speakers("Jane Doe, John Smith")) == 2


# ---- 7: a city named with its accents and spaces ------------------------------------------


def test_a_city_named_with_its_accents_and_spaces_names_its_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert when.city_zone("Hà Nội", exemplar=True) == "Asia/Ho_Chi_Minh"
    assert when.city_zone("Hồ Chí Minh") == "Asia/Ho_Chi_Minh"
    assert when.city_zone("Main Hall") is None
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)
    md = (
        "# VietDev Summit 2026 — Hà Nội\n\n## Thứ Bảy, ngày 7 tháng 11 năm 2026\n\n"
        "- 09h00 – 09h45 Tương lai của trí tuệ nhân tạo — Nguyễn Văn An — Hội trường A\n"
        "- 10h00 – 10h45 Xây dựng hệ thống thanh toán với Go — Trần Thị Bích — Phòng 201\n"
    )
    _, talks, warnings = parse_text(md, "vi.md")
    assert {t.zone for t in talks} == {"Asia/Ho_Chi_Minh"}
    assert not any("TALKBASE_TIMEZONE" in w for w in warnings)
