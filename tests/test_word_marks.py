"""A word goes on through the marks written after its letters (sweep 22): the word index
cut Devanagari, Thai, Bengali and Tamil words at their vowel signs ("सुरक्षा" was "स",
"रकष"), so a topic word matched any talk holding one of its fragments ("स" of "सिस्टम")
and Hindi's stop words the index knew were fragments ("क" for "के", "की", "का"). An
index made before (tokens.TOKENS 3) cuts its queries as it cut its talks until it is
made anew."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from index.build import lexicon
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank import stopwords
from index.search.rank.lexical import index_tokens, open_index
from index.search.rank.tokens import TOKENS, tokenize
from index.site.export import marks
from index.store import disk
from index.store import files as sf

SEARCH_MJS = Path(__file__).parents[1] / "index" / "site" / "assets" / "search.mjs"


@pytest.fixture(autouse=True)
def _no_multilingual_model(monkeypatch):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")  # these tests are about words


def test_a_word_goes_on_through_its_letters_marks():
    assert tokenize("नेटवर्क सुरक्षा के लिए", (), marks=True) == ["नेटवरक", "सुरकषा", "के", "लिए"]
    assert tokenize("ปัญญาประดิษฐ์ ของ ระบบ", (), marks=True) == ["ปัญญาประดิษฐ์", "ของ", "ระบบ"]
    assert tokenize("বাংলা ভাষা", (), marks=True) == ["বাংলা", "ভাষা"]
    # (the virama folded off; "ொ" read as its two signs, "ெ" and "ா")
    assert tokenize("தமிழ் மொழி", (), marks=True) == ["தமிழ", unicodedata.normalize("NFD", "மொழி")]
    # an index made before (TOKENS 3) cut at the marks, and keeps doing so
    assert tokenize("नेटवर्क सुरक्षा", ()) == ["न", "टवरक", "स", "रकष"]
    # other scripts are cut as before: Latin (its accents off), Chinese pairs, Arabic
    for text in ("Café in Zürich", "形態素解析の入門", "بالفدية", "Ελληνικά", "Привет мир"):
        assert tokenize(text, (), marks=True) == tokenize(text, ()), text
    assert tokenize("a ि b", (), marks=True) == ["a", "b"]  # a mark after no letter: no word
    assert tokenize("jobs 2\ufe0f\u20e3", (), marks=True) == ["jobs", "2"]  # (drawn, not said)


def test_a_letter_and_its_accent_written_apart_is_the_letter_written_whole():
    nfd, nfc = "Cafe\u0301 Nin\u0303o Ko\u0308ln", "Café Niño Köln"
    for cut in (False, True):
        assert (
            tokenize(nfd, (), marks=cut) == tokenize(nfc, (), marks=cut) == ["cafe", "nino", "koln"]
        )
    assert tokenize("दिल्ली\u200d", (), marks=True) == ["दिलली"]  # (a joiner is no letter)


HINDI = [
    ("नेटवर्क सुरक्षा", "घर के राउटर की सुरक्षा के लिए पाँच कदम।", "hi"),
    ("सिस्टम डिज़ाइन का परिचय", "बड़े सिस्टम की बनावट और उनके हिस्से।", "hi"),
    ("कृषि में कृत्रिम बुद्धिमत्ता", "किसान के खेत में मशीन लर्निंग का उपयोग।", "hi"),
    ("डेटाबेस का प्रदर्शन", "धीमे प्रश्नों को तेज़ करने के तरीके।", "hi"),
    ("रक्षा उद्योग के लिए भाषा मॉडल", "सेना के दस्तावेज़ों का अनुवाद।", "hi"),
    ("Rust for embedded devices", "Firmware on small boards.", "en"),
]

THAI = [
    ("ปัญญาประดิษฐ์ สำหรับ เกษตรกร", "การใช้ ปัญญาประดิษฐ์ ใน ไร่นา", "th"),
    ("ปัญหา ของ ระบบ ฐานข้อมูล", "วิธี แก้ ปัญหา ที่ พบ บ่อย", "th"),
    ("ความปลอดภัย ของ แอป มือถือ", "แนวทาง ป้องกัน การโจมตี", "th"),
    ("Scaling Kubernetes", "Clusters at scale.", "en"),
]


def _found(kb: KnowledgeBase, query: str) -> list[str]:
    return [h.talk.title for h in kb.search(query, k=5, mode="lexical") if h.why.match]


def test_a_hindi_topic_word_finds_its_talk_by_the_whole_word(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    path = tmp_path / "program.csv"
    _write(path, HINDI)
    ingest([path], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        # before, "सुरक्षा" (security) was "स", "रकष": "रकष" of "रक्षा" (defence) found
        # the defence talk; "कृषि" (farming) was "क", "ष": "ष" of "भाषा" (language) too
        assert _found(kb, "सुरक्षा") == ["नेटवर्क सुरक्षा"]
        assert _found(kb, "कृषि") == ["कृषि में कृत्रिम बुद्धिमत्ता"]
        assert _found(kb, "रक्षा") == ["रक्षा उद्योग के लिए भाषा मॉडल"]
        assert _found(kb, "सिस्टम") == ["सिस्टम डिज़ाइन का परिचय"]


def test_hindis_stop_words_are_whole_words(tmp_path, hashing_embedder):
    assert {"के", "की", "का", "में", "है"} <= stopwords.language_list("hi")
    home = tmp_path / "home"
    path = tmp_path / "program.csv"
    _write(path, HINDI)
    ingest([path], home, hashing_embedder)
    build = disk.current(home)
    assert build is not None
    left_out = set(sf.load_lines(build.path / sf.LEXICAL_DIR / "stopwords.txt"))
    assert {"के", "का", "में"} <= left_out  # (before: "क", "म", fragments of many words)
    assert not left_out & {"क", "म", "स"}
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.bm25.search("के का में") == []  # only function words: nothing to find


def test_a_thai_topic_word_finds_its_talk_by_the_whole_word(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    path = tmp_path / "program.csv"
    _write(path, THAI)
    ingest([path], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        # before, "ปัญญาประดิษฐ์" was "ป", "ญญาประด", "ษฐ": "ป" of "ปัญหา" found another talk
        assert _found(kb, "ปัญญาประดิษฐ์") == ["ปัญญาประดิษฐ์ สำหรับ เกษตรกร"]
        assert _found(kb, "ปัญหา") == ["ปัญหา ของ ระบบ ฐานข้อมูล"]
        assert _found(kb, "ปลอดภัย") == []  # a word inside a longer one is not it


def test_an_index_made_before_cuts_its_queries_as_it_cut_its_talks(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    path = tmp_path / "program.csv"
    _write(path, HINDI)
    ingest([path], home, hashing_embedder)
    build = disk.current(home)
    assert build is not None and index_tokens(build) == TOKENS == 4
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert open_index(build, kb.con).marks
        build.manifest.lexical["tokens"] = 3  # (as a base built before records it)
        old = open_index(build, kb.con)
        assert not old.marks and old.articles and old.tokens("सुरक्षा") == ["स", "रकष"]
        assert not lexicon.fits(build, ("hi",))  # made anew at the next ingest


def _write(path: Path, rows: list[tuple[str, str, str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["title", "abstract", "language"])
        out.writerows(rows)


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")
def test_the_sites_words_are_the_index_words():
    texts = [
        "नेटवर्क सुरक्षा के लिए",
        "कृषि में कृत्रिम बुद्धिमत्ता",
        "বাংলা ভাষা",
        "தமிழ் மொழி",
        "Café Niño Cafe\u0301",
        "ਪੰਜਾਬੀ ਭਾਸ਼ਾ",
        "jobs 2\ufe0f\u20e3 keycap",  # (a variation selector, an enclosing mark: no letters)
    ]
    script = (
        f"const m = await import({json.dumps(SEARCH_MJS.as_uri())});"
        f"m.useMarks({json.dumps(marks())});"
        f"console.log(JSON.stringify({json.dumps(texts)}.map(t => m.words(t))));"
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    site = json.loads(run.stdout)
    for text, words in zip(texts, site, strict=True):
        # (the site leaves out a word of one letter, not a digit; the index keeps it)
        kept = [w for w in tokenize(text, (), marks=True) if len(w) > 1 or w.isdigit()]
        assert words == kept, text


def test_a_query_with_its_accents_written_apart_finds_and_names_the_word(
    tmp_path, hashing_embedder
):
    path = tmp_path / "program.csv"
    _write(path, [("Café culture in Köln", "Niño and señor.", "en"), ("Rust", "Embedded.", "en")])
    ingest([path], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        for query in ("Cafe\u0301 Ko\u0308ln", "Café Köln"):
            (hit,) = [h for h in kb.search(query, k=3, mode="lexical") if h.why.match]
            assert hit.talk.title == "Café culture in Köln", query
            assert {"café", "köln"} <= set(hit.why.matched_terms), query
