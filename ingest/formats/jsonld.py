"""A web page whose program is in its schema.org data: the `<script
type="application/ld+json">` blocks of an HTML page (an Event with its `subEvent`s,
or a list of Events), read as the JSON tree they are (`table.parse_tree`, which
reads schema.org's names: `startDate`, `performer`, `location`, `inLanguage`).

A page is one when its blocks name two Events or more (`"@type": "Event"` or one
of its kinds, such as "EducationEvent"): a page naming only its conference holds no
program there. The page's other blocks
(a BreadcrumbList, an Organization) are read too and give no talks; a block that
is no JSON is skipped with a warning naming its line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ingest.formats import table
from ingest.formats.registry import Format, Options, Result, register
from talkbase.core.errors import InputError

NAME = "jsonld"
_BLOCK = re.compile(
    r"""<script\b[^>]*\btype\s*=\s*["']?application/ld\+json["']?[^>]*>(.*?)</script\s*>""",
    re.IGNORECASE | re.DOTALL,
)
_EVENT = re.compile(r""""@type"\s*:\s*(?:\[[^\]]*)?"\w*Event\"""")


def _blocks(text: str) -> list[tuple[int, str]]:
    """Each ld+json block's text, with the line it starts on."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in _BLOCK.finditer(text)]


def looks_like(text: str) -> bool:
    if "ld+json" not in text.lower():
        return False
    # (two events at least: a page naming only its conference so holds no program)
    return sum(len(_EVENT.findall(body)) for _, body in _blocks(text)) >= 2


def _parse(text: str, document: str, options: Options) -> Result:
    trees: list[Any] = []
    warnings: list[str] = []
    for line, body in _blocks(text):
        try:
            tree = json.loads(body.strip().removeprefix("<!--").removesuffix("-->"))
        except (json.JSONDecodeError, RecursionError) as exc:
            warnings.append(
                f"{document} line {line}: a schema.org block that is no JSON ({exc}); skipped"
            )
            continue
        graph = tree.get("@graph") if isinstance(tree, dict) else None
        trees.extend(
            graph if isinstance(graph, list) else tree if isinstance(tree, list) else [tree]
        )
    if not trees:
        raise InputError(document, "its schema.org blocks hold no JSON to read", "line 1")
    talks, more = table.parse_tree(trees, document, NAME, options.mapping, options.default_tz)
    return talks, [*warnings, *more]


register(Format(NAME, 45, looks_like, _parse, suffixes=(".html", ".htm")))
