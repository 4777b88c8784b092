"""What the query reader left unread after sweep 21 (docs/formats.md "Sweep 21: what
is left", "Sweep 22", Reader): Thai words for talks, languages and short talks said in
one run of letters ("การบรรยายภาษาอังกฤษ", "การบรรยายสั้น"), a weekday whose inflected
form drops a fleeting vowel (Polish "oprócz wtorku": "wtorek"), a one-word East Asian
name at the end of its run after another word ("听王伟"), Korean ranges of hours in
native numerals ("두~세 시", "두 시~세 시"), and the program's function words in the
topic shown ("नेटवर्क सुरक्षा को")."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from test_inflected_days import _program
from test_ko_tr_he_queries import korean  # noqa: F401 (a fixture)
from test_newlangs_queries import _vocab
from test_sweep21_cjk_reading import _speakers

from index.search.read.inflection import Inflected
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk


@pytest.fixture(scope="module")
def thai() -> Vocab:
    return _vocab("th")  # (talks in Thai and English, some of 15 minutes)


@pytest.mark.parametrize(
    ("query", "filters", "topic"),
    [
        ("การบรรยายภาษาอังกฤษ", {"language": "en"}, ""),  # talks in English
        ("การบรรยาย ภาษาอังกฤษ", {"language": "en"}, ""),
        ("การบรรยายเป็นภาษาอังกฤษ", {"language": "en"}, ""),
        ("การบรรยายภาษาไทย", {"language": "th"}, ""),
        ("ปัญญาประดิษฐ์ภาษาอังกฤษ", {"language": "en"}, "ปัญญาประดิษฐ์"),  # AI, in English
        ("การบรรยายสั้น", {"max_minutes": "20"}, ""),  # short talks
        ("การบรรยาย สั้น", {"max_minutes": "20"}, ""),
        ("การนำเสนอสั้น", {"max_minutes": "20"}, ""),
        ("การบรรยายยาว", {"min_minutes": "50"}, ""),  # long talks
        ("การบรรยายสั้นวันเสาร์", {"day": "Sat", "max_minutes": "20"}, ""),
    ],
)
def test_thai_words_for_talks_languages_and_short_talks_are_read_in_one_run(
    thai, query, filters, topic
):
    """Before, the lexicon had no Thai word for a talk, for "in" a language, nor for
    short or long: the run stayed one topic word."""
    u = understand(query, thai)
    assert (u.filters.active(), u.topic) == (filters, topic), u.label


def _thursday(code: str) -> Vocab:
    zone = ZoneInfo("Europe/Warsaw")
    talks = [
        Talk(title=f"Talk {day}", abstract="Opis.", language=code, start=start)
        for day in (21, 22, 23, 24)  # Tuesday to Friday
        for start in [datetime(2026, 4, day, 10, tzinfo=zone)]
    ]
    return Vocab.from_talks(talks)


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("pl", "oprócz wtorku", "Tue"),  # except Tuesday ("wtorek")
        ("pl", "oprócz piątku", "Fri"),  # ("piątek")
        ("pl", "oprócz czwartku", "Thu"),  # ("czwartek")
        ("cs", "kromě pátku", "Fri"),  # Czech, "pátek"
        ("cs", "kromě čtvrtku", "Thu"),  # ("čtvrtek")
    ],
)
def test_a_weekday_whose_inflected_form_drops_a_fleeting_vowel_is_read(code, query, day):
    """Before, "wtorku" kept all of "wtorek" but its last letter only as "wtore":
    no stem, a topic word, and "oprócz wtorku" left out nothing."""
    u = understand(query, _thursday(code))
    assert u.filters.day is None, u.label
    assert [x.active() for x in u.excluded_limits] == [{"day": day}], u.label


def test_a_fleeting_vowel_is_read_by_the_rule_not_by_listed_forms():
    names = Inflected()
    names.inflect("wtorek", 1)
    names.inflect("вівторок", 1)  # Ukrainian: "вівторка"
    names.inflect("środa", 2)  # (a name ending in a vowel has no fleeting one)
    assert names.get("wtorku") == 1 and names.get("wtorkiem") == 1
    assert names.get("вівторка") == 1
    assert names.get("środę") == 2 and names.get("śrda") is None
    assert names.readable()["stems"]["wtork"] == 1  # (what the offline site reads too)
    # a fleeting stem two names with different values share is read as neither
    names.inflect("wtorok", 3)
    assert names.get("wtorku") is None


def test_the_program_s_own_forms_still_win_over_a_fleeting_stem():
    # "piątkowe" (of Friday) is a word of these talks: a topic, not a day
    v = _program("pl", "Piątkowe warsztaty.")
    assert understand("piątkowe warsztaty", v).filters.day is None
    assert understand("w piątek", v).filters.day == "Fri"


@pytest.mark.parametrize(
    ("query", "speaker", "topic"),
    [
        ("听王伟", "王伟", "听"),  # listen to Wang Wei
        ("我想听王伟", "王伟", "我想听"),
        ("大模型王伟", "王伟", "大模型"),
        ("听王伟的演讲", "王伟", "听"),
        ("王伟", "王伟", ""),
        # another topic word apart: no speaker read from inside the query's run
        ("听王伟 安全", None, "听王伟 安全"),
    ],
)
def test_a_one_word_name_at_the_end_of_its_run_is_the_speaker(query, speaker, topic):
    """Before, a name glued after another word of its run was never a speaker
    (`_name_marked`: cut out of a run) unless a word for a talk followed."""
    vocab = _speakers("Asia/Shanghai", "zh", [("大模型推理优化实践", "王伟"), ("安全", "李娜")])
    u = understand(query, vocab)
    assert (u.filters.speaker, u.topic) == (speaker, topic), u.label


@pytest.mark.parametrize(
    ("rows", "query"),
    [
        # a word of the talks ("高峰": peak), at the end of its run: still no speaker
        ([("分布式数据库", "高峰"), ("流量高峰的应对", "李娜")], "应对高峰"),
        # a name inside its run ("王伟" of "听王伟讲座") is none either
        ([("大模型推理优化实践", "王伟"), ("安全", "李娜")], "听王伟讲座"),
    ],
)
def test_a_one_word_name_inside_a_run_or_a_word_of_the_talks_is_no_speaker(rows, query):
    assert understand(query, _speakers("Asia/Shanghai", "zh", rows)).filters.speaker is None


@pytest.mark.parametrize(
    ("query", "filters"),
    [
        ("두~세 시", {"after": "14:00", "before": "15:00"}),  # two to three o'clock
        ("두-세 시", {"after": "14:00", "before": "15:00"}),
        ("오후 두~세 시", {"after": "14:00", "before": "15:00"}),
        ("열한~열두 시", {"after": "11:00", "before": "12:00"}),
        ("두 시~세 시", {"after": "14:00", "before": "15:00"}),
        ("2시~3시", {"after": "14:00", "before": "15:00"}),
    ],
)
def test_a_korean_range_of_hours_in_native_numerals_is_read(request, query, filters):
    """ "두 시~세 시" was read "at 15:00" with "두 시~" a topic: the range's second hour
    holds a space, and only what was glued to the first was looked at."""
    u = understand(query, request.getfixturevalue("korean"))
    assert (u.filters.active(), u.topic) == (filters, ""), u.label


@pytest.mark.parametrize("query", ["2시~3시 AI", "두 시~세 시 AI"])
def test_a_range_whose_second_hour_is_no_hour_is_no_first_hour_alone(request, query):
    """ "3시 AI" is no hour (an hour followed by a topic word: a count, as "3点 建议"):
    the range before it was read "at 14:00", half of what was said."""
    u = understand(query, request.getfixturevalue("korean"))
    assert not {"at", "after", "before"} & set(u.filters.active()), u.label


@pytest.mark.parametrize(
    ("code", "rows", "query", "shown"),
    [
        (
            "hi",
            ("नेटवर्क सुरक्षा", "डेटाबेस डिज़ाइन"),
            "नेटवर्क सुरक्षा को",
            "नेटवर्क सुरक्षा",
        ),
        ("id", ("Keamanan jaringan", "Basis data"), "keamanan dalam jaringan", "keamanan jaringan"),
        ("fa", ("امنیت شبکه", "پایگاه داده"), "امنیت در شبکه", "امنیت شبکه"),
        # (nothing else left: the topic shown is the topic)
        ("id", ("Keamanan jaringan", "Basis data"), "dalam", "dalam"),
    ],
)
def test_the_program_s_function_words_are_not_in_the_topic_shown(
    tmp_path, hashing_embedder, code, rows, query, shown
):
    """Before, "को", "dalam", "در" stayed in the topic shown (the answer's understood
    topic); what is ranked is the topic as read, as before."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    lines = ["title,abstract,start,language"]
    lines += [f"{t},{t}.,2030-01-0{k + 5}T10:00,{code}" for k, t in enumerate(rows)]
    (tmp_path / "talks.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ingest([tmp_path / "talks.csv"], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        answer = kb.answer(query, 3, mode="lexical")
    assert answer.understood.topic == query  # (ranked as read)
    assert answer.understood.to_dict()["topic"] == shown
    assert answer.to_dict()["understood"]["topic"] == shown
