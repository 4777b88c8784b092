"""A static site's section of talk pages read as one program: Hugo's
`content/talks/` holds a list page (`_index.md`, front matter and the section's text)
and one page per talk (`markdown.talk_page`). Given in one command, the pages are one
conference, named after the list page (`one_per_section`); the list page itself is
no program, and is told in a notice, not refused."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ingest.detect import ParsedDocument, decode
from ingest.formats.markdown import front_title
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
    page whose conference the program or `--conference` names keeps it."""
    lists = {path.parent.resolve(): path for path, _ in refused if path.name == LIST_PAGE}
    if not lists:
        return list(parsed), list(refused), []
    members: dict[Path, list[int]] = {}
    for n, doc in enumerate(parsed):
        if doc.format != "markdown" or not doc.conference_from_file_name:
            continue
        here = Path(doc.path).resolve().parent
        folder = next((f for f in (here, *here.parents) if f in lists), None)
        if folder is not None:
            members.setdefault(folder, []).append(n)
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
    used = {lists[f] for f in members}
    return out, [(p, e) for p, e in refused if p not in used], notices


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
