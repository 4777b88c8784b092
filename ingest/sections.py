"""A static site's section of talk pages read as one program: Hugo's
`content/talks/` holds a list page (`_index.md`, front matter and the section's text)
and one page per talk (`markdown.talk_page`). Given in one command, the pages are one
conference, named after the list page (`one_per_section`); the list page itself is
no program, and is told in a notice, not refused. A whole program in such a folder (a
page of headings and talks, not of one talk's front matter) is no page of the
section's: the list page names a section, not each program in it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ingest.detect import ParsedDocument, decode
from ingest.formats.markdown import front_title, talk_page
from ingest.limits import check_file, read_bytes
from ingest.when import document_stem
from talkbase.core.errors import InputError
from talkbase.core.terms import fold

LIST_PAGE = "_index.md"  # Hugo's page of a section (a leaf bundle's is "index.md")


def one_per_section(
    parsed: Sequence[ParsedDocument], refused: Sequence[tuple[Path, InputError]]
) -> tuple[list[ParsedDocument], list[tuple[Path, InputError]], list[str]]:
    """The documents read in one command, the talk pages of a section (those under a
    folder holding a list page refused beside them, each named after its own file)
    given the section's conference (`_section_name`); the refusals left; notices. A
    page whose conference the program or `--conference` names keeps it, and so does a
    whole program beside the talk pages (`_one_talk`: "devconf2022.md" under a list
    page titled "Past programs" is the conference its heading names, its file's); a
    list page with only such programs beside it is a notice too, not a refusal."""
    lists = {path.parent.resolve(): path for path, _ in refused if path.name == LIST_PAGE}
    if not lists:
        return list(parsed), list(refused), []
    members: dict[Path, list[int]] = {}
    beside: dict[Path, int] = {}  # (whole programs under a list page: they keep their names)
    for n, doc in enumerate(parsed):
        if doc.format != "markdown":
            continue
        here = Path(doc.path).resolve().parent
        folder = next((f for f in (here, *here.parents) if f in lists), None)
        if folder is None:
            continue
        if doc.conference_from_file_name and _one_talk(Path(doc.path)):
            members.setdefault(folder, []).append(n)
        else:
            beside[folder] = beside.get(folder, 0) + 1
    out, notices = list(parsed), []
    for folder, held in members.items():
        page = lists[folder]
        name = _section_name(page)
        for n in held:
            talks = tuple(replace(t, conference=name) for t in parsed[n].talks)
            out[n] = replace(parsed[n], talks=talks)
        notices.append(
            f"{page}: the list page of a section of {len(held)} talk pages, no program; "
            f"their conference is named {name!r} (name another with --conference)"
        )
    for folder, count in beside.items():
        if folder not in members:
            notices.append(
                f"{lists[folder]}: the list page of a section of {count} programs, no "
                "program; each keeps its own conference"
            )
    used = {lists[f] for f in (*members, *beside)}
    return out, [(p, e) for p, e in refused if p not in used], notices


def _one_talk(page: Path) -> bool:
    """Whether a page is one talk's, as its front matter says (`markdown.talk_page`)."""
    try:
        check_file(page)
        return talk_page(decode(read_bytes(page), str(page)))
    except InputError:
        return False


def _section_name(page: Path) -> str:
    """A section's conference: its list page's title, unless that only names the
    section's folder ("Talks" of content/talks/), then the site's folder (the one
    holding `content/`), else the title or the folder's name."""
    try:
        check_file(page)
        title = front_title(decode(read_bytes(page), str(page)))
    except InputError:
        title = ""
    folder = page.parent.resolve()
    if title and fold(title) != fold(folder.name):
        return title
    site = next((f.parent for f in (folder, *folder.parents) if f.name == "content"), None)
    if site is not None and site.name:
        return re.sub(r"[-_]+", " ", site.name)
    return title or document_stem(folder.name)
