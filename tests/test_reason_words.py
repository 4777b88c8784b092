"""What a reason names (sweep 19, F12): never a function word of the talk's language or
the query's, even one the index keeps ("matched na, da"; "shares: concerto, de"), and a
word as the talks write it, never the index's folded key ("both about sessao"). Only
what is named changes: what is scored and ranked is the index's.
"""

from __future__ import annotations

from appviews.cards import similar_terms
from index.search import reasons
from index.search.rank import lexical
from index.search.rank.stopwords import language_list
from index.search.read.vocab import word_tuple
from ingest.text import words
from talkbase.core.records import Talk
from talkbase.service import query_terms
from tests.test_multilingual import write_program
from tests.test_own_stopwords import ENGLISH, ITALIAN

# "nella" is in Italian's list, yet held by too few of the Italian talks to leave the
# index (stopwords.COMMON_SHARE): it is searched, and was named
KITCHEN = [
    ("Robot nella cucina", "Un robot che cucina la pasta.", "it"),
    ("Musica elettronica", "Sintetizzatori modulari dal vivo.", "it"),
    ("Giardini urbani", "Coltivare pomodori sul balcone.", "it"),
]


def test_a_match_names_no_function_word_of_its_language_the_index_keeps():
    assert lexical.named(("robot", "nella", "cucina"), language_list("it")) == (
        "robot",
        "cucina",
    )
    assert lexical.named(("Não", "data"), language_list("pt")) == ("data",)  # as folded
    assert lexical.named(("nella",), ()) == ("nella",)  # nothing left out: all named


def test_similar_shares_no_function_word_of_either_talks_language():
    seed = Talk(title="Concerto de encerramento", abstract="", language="pt")
    other = Talk(title="Concerto de fado", abstract="Fado de Lisboa.", language="pt")
    assert similar_terms(seed, other) == ("concerto",)
    assert query_terms("Concerto de encerramento", ("pt", None)) == ["concerto", "encerramento"]
    # English talks name what they always did ("de" is no English function word)
    english = Talk(title="Concerto de fado", abstract="", language="en")
    assert "de" in similar_terms(english, english)


def test_a_shared_word_is_named_as_the_talks_write_it_not_folded():
    hit, saved = "Sessão de cinema ao ar livre", "Sessão de guitarra e fado. Uma sessão"
    terms = reasons.shared_terms(word_tuple(hit), word_tuple(saved), {}, 10)
    assert "sessao" in terms  # the index's key
    said = reasons.as_written(terms, f"{hit} {saved}")
    assert "sessão" in said and "sessao" not in said
    assert reasons.as_written(("fado guitarra",), "Fado e guitarra") == ("fado guitarra",)
    assert reasons.as_written(("zeta",), "Sessão") == ("zeta",)  # a word the text does not hold


def test_cli_search_names_no_function_word(tmp_path, monkeypatch, capsys):
    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    home = str(tmp_path / "home")
    camp = write_program(tmp_path / "camp.csv", ITALIAN + KITCHEN + ENGLISH[:1])
    assert main(["--home", home, "ingest", str(camp)]) == 0
    capsys.readouterr()
    assert main(["--home", home, "search", "robot nella cucina", "--mode", "lexical"]) == 0
    out = capsys.readouterr().out
    why = [line for line in out.splitlines() if "matched" in line]
    assert why and "matched robot, cucina" in why[0]
    assert not any("nella" in line.split("matched", 1)[1].split("(")[0] for line in why)


def test_a_recommendation_shares_no_function_word_of_the_talks_language():
    # "почему" (why) is in Russian's list but held by two talks only: it stayed in the
    # index and was the "both about" of a recommendation (sweep 20, Russian program)
    hit = "Почему мы выбрали Flutter для мобильных приложений банка"
    saved = "Почему запросы ClickHouse выполняются за секунды"
    words = (word_tuple(hit), word_tuple(saved), {}, 10)
    assert "почему" in reasons.shared_terms(*words)  # nothing left out: named
    assert "почему" not in reasons.shared_terms(*words, unnamed=language_list("ru"))


def test_cli_recommend_names_no_function_word(tmp_path, monkeypatch, capsys):
    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    home = str(tmp_path / "home")
    pasta = [("Pasta nella cucina di casa", "Ricette veloci per la sera.", "it")]
    camp = write_program(tmp_path / "camp.csv", ITALIAN + KITCHEN + pasta + ENGLISH[:1])
    assert main(["--home", home, "ingest", str(camp)]) == 0
    capsys.readouterr()
    assert main(["--home", home, "recommend", "--saved", "Robot nella cucina", "-n", "8"]) == 0
    out = capsys.readouterr().out
    about = [line.split("both about", 1)[1] for line in out.splitlines() if "both about" in line]
    assert about, out  # some recommendation names shared words
    assert not any("nella" in a.split() or "nella," in a for a in about), about


def test_a_turkish_capital_dotted_i_names_its_whole_word():
    """Sweep 20 F10: "GÜVENLİK" lowered by Python is "güvenli" + a combining dot + "k",
    so a match named "güvenli" or nothing; it is the word "güvenlik" as typed lower."""
    assert lexical.query_terms("GÜVENLİK") == lexical.query_terms("güvenlik") == ["güvenlik"]
    # (a talk's own words, which a match is named from, are cut the same way)
    assert words("Siber GÜVENLİK, İstanbul") == ["siber", "güvenlik", "istanbul"]
