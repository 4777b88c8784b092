"""Sweep 22: timed Markdown list lines "time Title — Speaker — Room" in a script without
capitals, read by the document's own shape (`mdparts.list_shape`) where a line of it was
split by a room word, else kept whole and said once (the sweep's variant file,
sweep-langs2 finding #3, REPORT-verify)."""

from __future__ import annotations

from ingest.formats import markdown

# the sweep's variant: two rooms without a room word, the third "কক্ষ ২" (room 2)
BN_VARIANT = (
    "# পাইকন বাংলাদেশ ২০২৬\n\n"
    "## শনিবার, ১৪ নভেম্বর ২০২৬\n\n"
    "- ০৯:৩০–১০:১৫ বড় ভাষা মডেল ও বাংলা — সাদিয়া সুলতানা — সেমিনার রুম এ\n"
    "- ১০:৩০–১১:১৫ মাইক্রোপাইথন দিয়ে কৃষি সেন্সর — জাহিদ হাসান — অডিটোরিয়াম\n\n"
    "## রবিবার, ১৫ নভেম্বর ২০২৬\n\n"
    "- ১০:০০–১০:৪৫ পাইথন ও কৃষি তথ্য — মোস্তাফিজুর রহমান — কক্ষ ২\n"
)


def _md(text: str) -> tuple[list, list[str]]:
    return markdown.parse(text, "program.md", "Asia/Dhaka")


def test_lines_of_the_documents_shape_are_read_by_position_where_one_names_a_room():
    talks, warnings = _md(BN_VARIANT)
    assert [(t.title, [s.name for s in t.speakers], t.room) for t in talks] == [
        ("বড় ভাষা মডেল ও বাংলা", ["সাদিয়া সুলতানা"], "সেমিনার রুম এ"),
        ("মাইক্রোপাইথন দিয়ে কৃষি সেন্সর", ["জাহিদ হাসান"], "অডিটোরিয়াম"),
        ("পাইথন ও কৃষি তথ্য", ["মোস্তাফিজুর রহমান"], "কক্ষ ২"),
    ]
    assert not any("not read as speaker" in w for w in warnings)


def test_lines_whose_parts_cannot_be_told_are_kept_whole_and_said_once():
    text = BN_VARIANT.replace("কক্ষ ২", "বড় রুম")  # no line names a room word now
    talks, warnings = _md(text)
    assert [t.title for t in talks] == [
        "বড় ভাষা মডেল ও বাংলা — সাদিয়া সুলতানা — সেমিনার রুম এ",
        "মাইক্রোপাইথন দিয়ে কৃষি সেন্সর — জাহিদ হাসান — অডিটোরিয়াম",
        "পাইথন ও কৃষি তথ্য — মোস্তাফিজুর রহমান — বড় রুম",
    ]
    assert all(not t.speakers and t.room is None for t in talks)
    said = [w for w in warnings if "not read as speaker and room" in w]
    assert len(said) == 1
    assert said[0].startswith("program.md line 5: 'বড় ভাষা মডেল ও বাংলা — ")
    assert "(and 2 other list lines like it)" in said[0]


def test_a_tamil_line_of_the_shape_is_read_by_position_too():
    text = (
        "# தமிழ் கணிமை மாநாடு 2026\n\n## சனிக்கிழமை, 19 செப்டம்பர் 2026\n\n"
        "- 10:30–11:15 தமிழ் எழுத்துணரி — கார்த்திகேயன் சுப்பிரமணியம் — பிரதான அரங்கு\n"
        "- 11:30–12:15 பேச்சு அறிதல் — நந்தினி வேலு — கருத்தரங்கக் கூடம்\n"
    )
    talks, warnings = markdown.parse(text, "program.md", "Asia/Kolkata")
    assert [(t.title, t.room) for t in talks] == [
        ("தமிழ் எழுத்துணரி", "பிரதான அரங்கு"),
        ("பேச்சு அறிதல்", "கருத்தரங்கக் கூடம்"),
    ]
    assert [s.name for s in talks[1].speakers] == ["நந்தினி வேலு"]


def test_english_titles_with_a_dash_are_not_split_by_the_shape():
    text = (
        "# DevConf 2026\n\n## Saturday 14 November 2026\n\n"
        "- 09:00–09:45 Rust — the good parts — Jane Doe\n"
        "- 10:00–10:45 Python — beyond the basics — Max Muster\n"
        "- 11:00–11:45 Opening — what is new — Hall 1\n"
    )
    talks, warnings = markdown.parse(text, "program.md", "UTC")
    assert [(t.title, [s.name for s in t.speakers], t.room) for t in talks] == [
        ("Rust — the good parts", ["Jane Doe"], None),
        ("Python — beyond the basics", ["Max Muster"], None),
        ("Opening — what is new", [], "Hall 1"),
    ]
    assert not any("not read as speaker" in w for w in warnings)


def test_a_shape_of_few_lines_is_no_shape():
    text = (
        BN_VARIANT.replace("কক্ষ ২", "বড় রুম")
        .replace(" — জাহিদ হাসান — অডিটোরিয়াম", "")
        .replace(" — মোস্তাফিজুর রহমান — বড় রুম", "")
    )
    talks, warnings = _md(text)
    assert talks[0].title == "বড় ভাষা মডেল ও বাংলা — সাদিয়া সুলতানা — সেমিনার রুম এ"
    assert not any("not read as speaker" in w for w in warnings)
