"""Chinese and Japanese words without spaces (issue 37, "words per language"): a run of
letters there is a phrase, so the lexical index cuts it where its kind of character
changes and indexes Chinese characters in overlapping pairs; a query for a word inside
a title ("形態素解析" in "日本語の形態素解析入門") then shares its terms. An index cut the
old way keeps cutting queries its way until the next ingest makes it anew."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank.lexical import index_tokens
from index.search.rank.tokens import TOKENS, tokenize
from index.store import disk


def test_a_run_is_cut_by_kind_of_character_and_chinese_characters_in_pairs():
    assert tokenize("形態素解析の入門", ()) == ["形態", "態素", "素解", "解析", "の", "入門"]
    # (accents and sound marks come off as before: "で" is "て", "データ" "テータ")
    assert tokenize("dbtでデータ品質", ()) == ["dbt", "て", "テータ", "品質"]
    assert tokenize("失敗した話", ()) == ["失敗", "した"]  # a lone character between kana: out
    korean = "데이터를 분석"  # Korean has spaces: cut as before (two words)
    assert (
        tokenize(korean, ()) == tokenize(korean, (), pairs=False) and len(tokenize(korean, ())) == 2
    )
    assert tokenize("Café talks", ()) == ["cafe", "talks"]
    assert tokenize("形態素解析の入門", (), pairs=False) == ["形態素解析の入門"]  # an old index's


@pytest.fixture
def program(tmp_path: Path, hashing_embedder, monkeypatch) -> Path:
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    path = tmp_path / "conf.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["title", "abstract", "language"])
        out.writerow(["日本語の形態素解析入門", "MeCab と辞書で文を単語に分ける。", "ja"])
        out.writerow(["Kubernetes の運用", "クラスタを安定して動かすための監視。", "ja"])
        out.writerow(["Rust で組込み開発", "マイコンで動くファームウェアを書く。", "ja"])
    ingest([path], tmp_path / "home", hashing_embedder)
    return tmp_path / "home"


def test_a_word_inside_a_japanese_title_is_found_by_its_words(program, hashing_embedder):
    build = disk.current(program)
    assert build is not None and index_tokens(build) == TOKENS
    with KnowledgeBase(program, hashing_embedder) as kb:
        (first, *_) = kb.search("形態素解析", k=3, mode="lexical")
        assert first.talk.title == "日本語の形態素解析入門" and first.why.match
        hits = kb.search("組込み", k=3, mode="lexical")
        assert [h.talk.title for h in hits if h.why.match] == ["Rust で組込み開発"]
