"""Sweep 17, what it left: a talk's language from its own letters before its program's
majority (F5), a bare JSON-LD file (F4), a TOML file told by its name and its own errors
(F3), Mac Roman (F7), a page's conference named by its heading (F8). Each test names
what was read wrong before."""

from __future__ import annotations

from ingest.detect import parse_text


def test_a_latin_letter_talk_is_never_given_its_programs_language_of_another_script() -> None:
    """F5: an English program with one Arabic talk: the short English talks took the
    language of the program's short texts together (Arabic, the identifier's pick from
    the one Arabic talk's letters), so "talks in English" dropped them and a search
    limited to Arabic found them. Too unsure alone, they are left without a language."""
    text = (
        "uid,title,speakers,date,start,abstract\n"
        "o1,Forty speakers panel,Ann Lee,2026-11-13,09:00,Forty again.\n"
        "o2,Duplicate A,Dup One,2026-11-13,10:00,first\n"
        "o3,Duplicate B different,Dup Two,2026-11-13,11:00,second\n"
        "o4,مقدمة في التعلم الآلي,محمد أحمد,2026-11-13,12:00,شرح مبسط للتعلم الآلي\n"
        "o5,Semicolon forty,Bob Roe,2026-11-13,13:00,Forty again.\n"
    )
    _, talks, _ = parse_text(text, "odd.csv")
    language = {t.title: t.language for t in talks}
    assert language["مقدمة في التعلم الآلي"] == "ar"
    assert all(language[t] != "ar" for t in ("Duplicate A", "Duplicate B different", "Semicolon forty"))
