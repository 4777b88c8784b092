"""Sweep 20 (programs in Arabic, Chinese and Russian): a Markdown talk's language line
read as its language and kept out of its abstract; a Chinese table's affiliations
split as its speakers are, and its "分论坛" column read as the track; a title alone
in the language of its program's words; a topic map's labels without the talks'
function words; an Arabic word found with or without its article ("الفدية", "فدية")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from appviews.models.program import topic_labels
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank.lexical import index_tokens
from index.search.rank.tokens import TOKENS, tokenize
from index.store import disk
from ingest.detect import parse_text
from ingest.language import program_language
from talkbase.core.records import Talk
from talkbase.service import function_words

ARABIC_LABELS = """# ملتقى المطورين العرب 2026

## الثلاثاء، 15 ديسمبر 2026

### 09:00–09:30 كلمة الافتتاح: التحول الرقمي في العالم العربي

**المتحدثون:** د. خالد العتيبي (الهيئة السعودية للبيانات)
**القاعة:** القاعة الرئيسية
**المسار:** الكلمات الرئيسية
**{label}** {arabic}

نظرة على مسيرة التحول الرقمي في المنطقة العربية والفرص المتاحة للمطورين خلال العقد القادم.

### 09:30–10:00 Zero Trust Networking in Practice

**المتحدثون:** James Walker (Cloudflare)
**القاعة:** قاعة ب
**المسار:** الأمن السيبراني
**{label}** {english}

Replacing the VPN with proxies.
"""


@pytest.mark.parametrize(
    ("label", "arabic", "english"),
    [
        ("اللغة:", "العربية", "الإنجليزية"),
        ("Language:", "Arabic", "English"),
        ("Language:", "ar", "en"),
    ],
)
def test_a_markdown_talks_language_line_is_its_language_not_its_abstract(
    label: str, arabic: str, english: str
) -> None:
    text = ARABIC_LABELS.format(label=label, arabic=arabic, english=english)
    _, talks, _ = parse_text(text, "summit.md")
    opening, zero_trust = talks
    assert (opening.language, zero_trust.language) == ("ar", "en")
    assert zero_trust.abstract == "Replacing the VPN with proxies."  # (too short to guess)
    assert opening.abstract.startswith("نظرة على مسيرة")
    assert (zero_trust.room, zero_trust.track) == ("قاعة ب", "الأمن السيبراني")
    assert zero_trust.speakers[0].affiliation == "Cloudflare"


CHINESE_CSV = """标题,讲者,单位,日期,开始时间,结束时间,会场,分论坛,语言,简介
圆桌讨论：开源商业化的路径,王建国、陈静、Sarah Chen,开放原子开源基金会、PingCAP、Linux Foundation,2026-11-14,16:30,17:30,主会场,圆桌,中文,开源公司如何实现商业成功？
TiDB 在金融核心系统中的落地,李明,PingCAP,2026-11-14,10:00,10:40,分会场A,数据库,中文,分布式数据库在银行核心系统中的实践。
双人分享,张伟，刘洋,阿里巴巴，腾讯,2026-11-14,11:00,11:40,分会场B,云原生,中文,两位讲者。
"""


def test_a_chinese_tables_affiliations_pair_with_its_speakers() -> None:
    _, talks, _ = parse_text(CHINESE_CSV, "议程.csv")
    panel, tidb, pair = talks
    assert [(s.name, s.affiliation) for s in panel.speakers] == [
        ("王建国", "开放原子开源基金会"),
        ("陈静", "PingCAP"),
        ("Sarah Chen", "Linux Foundation"),
    ]
    assert [(s.name, s.affiliation) for s in pair.speakers] == [
        ("张伟", "阿里巴巴"),
        ("刘洋", "腾讯"),
    ]
    assert tidb.speakers[0].affiliation == "PingCAP"


def test_a_chinese_tables_fen_luntan_column_is_its_track() -> None:
    _, talks, _ = parse_text(CHINESE_CSV, "议程.csv")
    assert [t.track for t in talks] == ["圆桌", "数据库", "云原生"]
    assert [t.room for t in talks] == ["主会场", "分会场A", "分会场B"]


RUSSIAN = [
    (
        "Высоконагруженный бэкенд на Go: уроки Авито",
        "Как мы обрабатываем миллион запросов в секунду на Go: профилирование, пулы "
        "горутин и борьба со сборщиком мусора.",
    ),
    (
        "PostgreSQL под нагрузкой: партиционирование и репликация",
        "Практика эксплуатации кластеров PostgreSQL на десятки терабайт: секционирование, "
        "логическая репликация и автовакуум.",
    ),
    (
        "Доступность веб-интерфейсов для незрячих пользователей",
        "Скринридеры, ARIA-атрибуты и тестирование доступности: чему мы научились, "
        "переделывая интерфейс Госуслуг.",
    ),
    ("Обед", ""),
    (
        "Kubernetes без боли: платформа для тысячи команд",
        "Внутренняя платформа разработки поверх Kubernetes: шаблоны сервисов, GitOps и "
        "самообслуживание.",
    ),
]


def test_a_title_alone_too_short_to_say_takes_its_programs_language() -> None:
    talks = program_language([Talk(title=t, abstract=a) for t, a in RUSSIAN])
    by_title = {t.title: t.language for t in talks}
    assert by_title["Обед"] == "ru"
    english = [
        Talk(
            title="Scaling Postgres",
            abstract="How we run a large PostgreSQL fleet: "
            "partitioning, logical replication and vacuum tuning at scale.",
        ),
        Talk(
            title="Kubernetes without pain",
            abstract="An internal developer platform on "
            "top of Kubernetes: service templates, GitOps and self-service.",
        ),
        Talk(title="Обед"),
    ]
    assert program_language(english)[-1].language is None  # (no Latin letter: no English)


# a program in Dutch and German: each language's talks a topic of their own, whose
# most distinctive words are its function words
TALKS = [
    ("nl", "Een introductie van Kubernetes voor de ontwikkelaar en het team"),
    ("nl", "Clusters beheren met de operator van het team en een pipeline"),
    ("nl", "Een verhaal over de compiler van het project en de taal"),
    ("nl", "Geheugenveiligheid en de checker van een project in het echt"),
    ("de", "Eine Einführung in Kubernetes für die Entwickler und das Team"),
    ("de", "Cluster betreiben mit dem Operator und der Pipeline für das Team"),
    ("de", "Die Geschichte des Compilers und der Sprache im Projekt"),
    ("de", "Speichersicherheit und der Checker in einem Projekt für die Praxis"),
]
FUNCTION = {"de", "van", "een", "het", "en", "die", "und", "der", "das", "fur", "mit"}


def test_topic_labels_leave_out_the_talks_languages_function_words() -> None:
    stop = function_words([code for code, _ in TALKS])
    assert {"de", "van", "een", "het", "en", "die", "und", "der"} <= stop
    assert not function_words(["en"] * 20 + ["nl"])  # (a twentieth: not its language)
    texts = [text for _, text in TALKS]
    topics = np.array([0] * 4 + [1] * 4)
    said = {w for label in topic_labels(texts, topics).values() for w in label.split(" · ")}
    assert said & FUNCTION  # (English's list alone leaves them)
    labels = topic_labels(texts, topics, stop=stop)
    words = {w for label in labels.values() for w in label.split(" · ")}
    assert words and not words & FUNCTION


def test_an_arabic_words_article_is_cut_off_and_no_other_scripts() -> None:
    assert tokenize("الفدية بالفدية والفدية للفدية فدية", ()) == [
        "الفدية",
        "بالفدية",
        "والفدية",
        "للفدية",
        "فدية",
    ]
    assert tokenize("الفدية بالفدية والفدية للفدية فدية", (), articles=True) == ["فدية"] * 5
    assert tokenize("اللغة الم Alles ال", (), articles=True) == ["لغة", "الم", "alles", "ال"]
    assert tokenize("التشكيل", (), articles=True) == tokenize("تشكيل", (), articles=True)


ARABIC_CSV = """title,abstract,language
الاستجابة للحوادث الأمنية: دروس من الواقع,تحليل ثلاث حوادث فدية حقيقية، وخطوات الاستجابة والتعافي.,ar
التعرف على الكلام باللهجات العربية,نماذج مفتوحة للتعرف على الكلام ودعم اللهجات الخليجية والمصرية.,ar
بناء واجهات الويب من اليمين إلى اليسار,خصائص CSS المنطقية والأيقونات المعكوسة في الواجهات.,ar
"""


def test_an_arabic_word_finds_its_talk_with_or_without_its_article(
    tmp_path: Path, hashing_embedder, monkeypatch
) -> None:
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    path = tmp_path / "summit.csv"
    path.write_text(ARABIC_CSV, encoding="utf-8")
    ingest([path], tmp_path / "home", hashing_embedder)
    build = disk.current(tmp_path / "home")
    assert build is not None and index_tokens(build) == TOKENS >= 3
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        for query in ("فدية", "الفدية", "برامج الفدية", "بالفدية"):
            found = [h.talk.title for h in kb.search(query, k=3, mode="lexical") if h.why.match]
            assert found == ["الاستجابة للحوادث الأمنية: دروس من الواقع"], query
        found = [h.talk.title for h in kb.search("لهجات", k=3, mode="lexical") if h.why.match]
        assert found == ["التعرف على الكلام باللهجات العربية"]
