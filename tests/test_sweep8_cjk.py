"""Programs in Chinese, Japanese and Korean (the eighth outside sweep): their day
headings without a year ("10月17日（六）", "10월 17일 (토)"), ranges with a wave dash or a
tilde ("10:00〜10:45", "10:00~10:40"), the half of the day before a clock ("上午10:00",
"下午2:00–2:45", "오전 10:00"), zones of one place ("10:00 JST – 10:45 JST"), room words
inside a name ("主会场", "그랜드볼룸") and a dash with no space beside a full-width
parenthesis ("张伟（阿里巴巴）— 主会场")."""

from __future__ import annotations

from ingest.formats import markdown
from ingest.when import parse_clock


def _read(text: str, zone: str = "UTC") -> list[tuple[str, str, str, list, str | None]]:
    talks, _ = markdown.parse(text, "cjk.md", zone)
    return [
        (
            t.title,
            t.start.isoformat() if t.start else "",
            t.end.strftime("%H:%M") if t.end else "",
            [(s.name, s.affiliation) for s in t.speakers],
            t.room,
        )
        for t in talks
    ]


def test_a_chinese_program_with_its_days_halves_rooms_and_bare_dashes() -> None:
    text = (
        "# COSCUP 2026 議程\n\n時間皆為台灣時間（Asia/Taipei）。\n\n## 10月17日（六）\n\n"
        "- 上午10:00–10:40 開源社群經營 — 林志明 — R0\n"
        "- 下午2:00–2:45 开源大模型的工程实践 — 张伟（阿里巴巴）— 主会场\n"
    )
    assert _read(text) == [
        ("開源社群經營", "2026-10-17T10:00:00+08:00", "10:40", [("林志明", None)], "R0"),
        (
            "开源大模型的工程实践",
            "2026-10-17T14:00:00+08:00",
            "14:45",
            [("张伟", "阿里巴巴")],
            "主会场",
        ),
    ]


def test_a_korean_and_a_japanese_program_with_tilde_ranges() -> None:
    korean = (
        "# 파이콘 한국 2026\n\n## 10월 17일 (토)\n\n"
        "- 10:00~10:40 대규모 트래픽을 위한 asyncio — 김민준 (카카오) — 그랜드볼룸\n"
        "- 11:00~11:40 Rust로 파이썬 확장 만들기 — 이서연 (네이버) — 룸 B\n"
    )
    got = _read(korean, "Asia/Seoul")
    assert [(t, s, e, r) for t, s, e, _, r in got] == [
        ("대규모 트래픽을 위한 asyncio", "2026-10-17T10:00:00+09:00", "10:40", "그랜드볼룸"),
        ("Rust로 파이썬 확장 만들기", "2026-10-17T11:00:00+09:00", "11:40", "룸 B"),
    ]
    assert got[0][3] == [("김민준", "카카오")]
    japanese = (
        "# PyCon JP 2026\n\n## 2026年12月5日（土）\n\n"
        "- 10:00〜10:45 Pythonの型ヒント入門 — 佐藤 花子 — ホールA\n"
        "- 11:00〜11:30 Scaling Django — John Smith — ホールB\n"
    )
    assert _read(japanese, "Asia/Tokyo")[0] == (
        "Pythonの型ヒント入門",
        "2026-12-05T10:00:00+09:00",
        "10:45",
        [("佐藤 花子", None)],
        "ホールA",
    )


def test_a_zone_of_one_place_after_the_first_clock() -> None:
    text = (
        "# OSS Japan 2026\n\n## Thursday, 10 December 2026\n\n"
        "- 10:00 JST – 10:45 JST Keynote: The state of Linux — Linus Torvalds — Main Hall\n"
        "- 2:00 - 2:45 PM Afternoon talk — Ada Lovelace — Main Hall\n"
    )
    got = _read(text, "America/Los_Angeles")
    assert got[0][:3] == ("Keynote: The state of Linux", "2026-12-10T10:00:00+09:00", "10:45")
    assert got[1][1:3] == ("2026-12-10T14:00:00-08:00", "14:45")  # the PM of both


def test_the_half_of_the_day_before_a_clock_with_a_colon() -> None:
    assert parse_clock("오전 10:00").strftime("%H:%M") == "10:00"
    assert parse_clock("下午2:30").strftime("%H:%M") == "14:30"
    assert parse_clock("午後2時40分").strftime("%H:%M") == "14:40"
