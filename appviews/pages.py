"""The app's pages, one registered object each: when it applies and what draws it.

`app.py` (through `appviews.main`) draws the first page in `PAGES` that applies to
the session's state, or the default one. A page named in the URL (?talk=ID,
?speaker=NAME, ?org=NAME) is drawn over any view; otherwise the view chosen in the
top bar (state.VIEWS) picks its page. Adding a page: its own module with a
`show(lib)` (and a `settle(lib)` if it fills in defaults), or `show(lib, value)` for
a page named in the URL; one line here; and its name in `state.VIEWS` (a view) or
`state.PAGE_PARAMS` (a page of its own). tests/test_app.py checks that the registry
and those lists agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

from appviews import agendaview, browse, grid, nownext, people, search, talkpage
from appviews.library import Library

DEFAULT_VIEW = "Search"  # the view of a URL that names none
State = Mapping[Any, Any]  # st.session_state (filled from the URL), or a dict in tests


class Page(Protocol):
    """What the app asks of a page."""

    @property
    def name(self) -> str: ...

    def applies(self, ss: State) -> bool:
        """Whether the session's state (filled from the URL) asks for this page."""
        ...

    def settle(self, lib: Library) -> None:
        """Fill in what the page shows by default before the URL is written, so the
        page and its defaults are one history entry."""
        ...

    def draw(self, lib: Library, ss: State) -> None: ...


@dataclass(frozen=True)
class ViewPage:
    """One of the views of the top bar, drawn when `?view=` names it: its module's
    `show(lib)`, after its `settle(lib)` where it has one. The functions are looked up
    on the module at each run (a test may replace them)."""

    name: str  # as state.VIEWS spells it
    module: ModuleType

    def applies(self, ss: State) -> bool:
        return (ss.get("view") or DEFAULT_VIEW) == self.name

    def settle(self, lib: Library) -> None:
        settle = getattr(self.module, "settle", None)
        if settle is not None:
            settle(lib)

    def draw(self, lib: Library, ss: State) -> None:
        self.module.show(lib)


@dataclass(frozen=True)
class ItemPage:
    """A page of its own for one thing the URL names (`?talk=ID`), drawn over any
    view: its module's `function(lib, value)`."""

    name: str
    param: str  # as state.PAGE_PARAMS spells it
    module: ModuleType
    function: str = "show"

    def applies(self, ss: State) -> bool:
        return bool(ss.get(self.param))

    def settle(self, lib: Library) -> None:
        """Nothing: the thing named in the URL is the whole page."""

    def draw(self, lib: Library, ss: State) -> None:
        getattr(self.module, self.function)(lib, ss[self.param])


SEARCH = ViewPage(DEFAULT_VIEW, search)

PAGES: tuple[Page, ...] = (
    ItemPage("Talk", "talk", talkpage),
    ItemPage("Speaker", "speaker", people, "speaker"),
    ItemPage("Organization", "org", people, "organization"),
    SEARCH,
    ViewPage("Program", grid),
    ViewPage("Now & next", nownext),
    ViewPage("My agenda", agendaview),
    ViewPage("Browse", browse),
)


def choose(ss: State, pages: tuple[Page, ...] = PAGES) -> Page:
    """The first page that applies to the session's state; Search when none does."""
    return next((p for p in pages if p.applies(ss)), SEARCH)


def title(ss: State, lib: Library) -> str:
    """The browser tab's title of the page the session shows: what it is first (a
    talk's title, a speaker's name, a search's words, a view's name), then the app's
    name; a tab, a bookmark or a screen reader's page announcement names the page."""
    page = choose(ss)
    if page.name == "Talk":
        talk = lib.talks.get(ss.get("talk") or 0)
        what = talk.title if talk else page.name
    elif isinstance(page, ItemPage):
        what = str(ss.get(page.param) or page.name)
    elif page is SEARCH:
        what = f"“{ss['q']}”" if ss.get("q") else ""
    else:
        what = page.name
    what = what if len(what) <= 60 else what[:59] + "…"
    return f"{what} · talkbase" if what else "talkbase"
