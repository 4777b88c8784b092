"""Sweep 17 F1: a UTF-8 file with a line in Windows-1252 (a row pasted from an old
file) is read as UTF-8, that line alone as Windows-1252, with a warning naming it
(was: the whole file read in one one-byte code page, every accent garbled, silently).
A file in one one-byte encoding throughout reads as before."""

from __future__ import annotations

from pathlib import Path

from ingest import detect

HEAD = "title,speakers,date,start,end,room\n"
UTF8_ROWS = (
    "Café numérique,José Muñoz,2026-11-13,09:00,09:30,Salle É\n"
    "Zürich talk,Jürgen Müller,2026-11-13,10:00,10:30,Raum 1\n"
)
PASTED = "Señor row,Ñoño Peña,2026-11-13,11:00,11:30,Sala 2\n"


def _parse(tmp_path: Path, data: bytes) -> detect.ParsedDocument:
    path = tmp_path / "program.csv"
    path.write_bytes(data)
    return detect.parse_path(path)


def test_a_pasted_windows_1252_row_leaves_the_utf8_rows_whole(tmp_path: Path) -> None:
    data = (HEAD + UTF8_ROWS).encode("utf-8") + PASTED.encode("cp1252")
    doc = _parse(tmp_path, data)
    assert [(t.title, t.speakers[0].name, t.room) for t in doc.talks] == [
        ("Café numérique", "José Muñoz", "Salle É"),
        ("Zürich talk", "Jürgen Müller", "Raum 1"),
        ("Señor row", "Ñoño Peña", "Sala 2"),
    ]
    said = [w for w in doc.warnings if "not UTF-8" in w]
    assert len(said) == 1 and "line 4 " in said[0] and "CP1252" in said[0]


def test_a_file_in_one_byte_encoding_throughout_reads_as_before(tmp_path: Path) -> None:
    data = (HEAD + UTF8_ROWS + PASTED).encode("cp1252")
    doc = _parse(tmp_path, data)
    assert [t.title for t in doc.talks] == ["Café numérique", "Zürich talk", "Señor row"]
    assert not [w for w in doc.warnings if "not UTF-8" in w]


def test_mostly_one_byte_lines_are_not_read_as_utf8(tmp_path: Path) -> None:
    """One line that happens to read as UTF-8 ("Ã©" in Windows-1252) among more that
    do not: the file is Windows-1252, that line too."""
    rows = UTF8_ROWS + PASTED + "NumÃ©ro,Ann Lee,2026-11-13,12:00,12:30,Sala 2\n"
    doc = _parse(tmp_path, (HEAD + rows).encode("cp1252"))
    assert doc.talks[-1].title != "Numéro"  # (the whole file in one one-byte encoding)
    assert not [w for w in doc.warnings if "not UTF-8" in w]
