"""talkbase: a searchable knowledge base of conference talks.

    import talkbase
    tb = talkbase.open()          # the Python API: see talkbase.api

`open`, `Talkbase` and `Results` are imported on first use, so `import talkbase`
(and the CLI's --help) stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # real types for type checkers; imported lazily at run time
    from talkbase.api import Results, Talkbase, open

from talkbase.core.version import __version__

_API_NAMES = ("open", "Talkbase", "Results")
__all__ = ["Results", "Talkbase", "__version__", "open"]


def __getattr__(name: str) -> Any:
    if name in _API_NAMES:
        from talkbase import api

        return getattr(api, name)
    raise AttributeError(f"module 'talkbase' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_API_NAMES])
