"""A file in neither UTF-8 nor UTF-16/32 (sweep 7: a Russian CSV saved by Excel in
Windows-1251 was read as Windows-1252 mojibake with exit 0): read in the one-byte
encoding its text reads as a language in, Windows-1252 where it reads as well."""

from __future__ import annotations

import pytest

from ingest import detect, parse_path

CASES = [
    ("cp1251", "Title,Speaker,Room\nВысоконагруженные системы на Go,Алексей Смирнов,Большой зал\n"),
    (
        "cp1250",
        "Tytuł;Prelegent;Sala\nZażółć gęślą jaźń w Pythonie;Łukasz Żółkiewski;Sala Główna\n",
    ),
    (
        "cp1253",
        "Τίτλος;Ομιλητής;Αίθουσα\nΜηχανική μάθηση στην πράξη;Γιώργος Παπαδόπουλος;Αίθουσα Α\n",
    ),
    ("cp1252", "Titre;Intervenant;Salle\nLes données à l’échelle;Hélène Dupré;Salle Émile\n"),
    ("latin-1", "Titel;Sprecher;Raum\nÜber Größe;Jörg Müller;Saal\n"),
]


@pytest.mark.parametrize(("encoding", "text"), CASES)
def test_a_one_byte_encoding_is_read_as_its_language(encoding: str, text: str) -> None:
    assert detect.decode(text.encode(encoding), "program.csv") == text


def test_a_utf8_mark_before_latin1_text_is_left_out(tmp_path) -> None:
    path = tmp_path / "programme.csv"
    path.write_bytes(
        b"\xef\xbb\xbf" + "Title;Speaker\nDonnées à l'échelle;Hélène Dupré\n".encode("latin-1")
    )
    doc = parse_path(path)
    assert [(t.title, t.speakers[0].name) for t in doc.talks] == [
        ("Données à l'échelle", "Hélène Dupré")
    ]


def test_a_russian_csv_in_windows_1251_reads_right(tmp_path) -> None:
    path = tmp_path / "highload.csv"
    path.write_bytes(CASES[0][1].encode("cp1251"))
    doc = parse_path(path)
    talk = doc.talks[0]
    assert (talk.title, talk.speakers[0].name, talk.room) == (
        "Высоконагруженные системы на Go",
        "Алексей Смирнов",
        "Большой зал",
    )
