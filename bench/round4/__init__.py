"""Issue 35's attack round (the fourth): each reproduction as a check that fails on the
code before its fix. One module per area registers its attacks here; `bench/attack.py
--only issue35` (or `--only 35.ingest ...`) runs them and prints them in its table.

An attack is a function of a scratch folder that returns an `attack.Row`: `tried`
cases, a failure line per case that behaved wrongly, `lost` talks. The key names the
area and the case ("35.ingest.pretalx-json"); `run` keeps the order of registration
within an area, and areas in the order of AREAS.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

AREAS = ("ingest", "store", "batch", "reading", "agenda", "serve", "settings")
Attack = Callable[[Path], Any]  # returns attack.Row
REGISTRY: dict[str, tuple[str, Attack]] = {}  # key -> (what it checks, the attack)


def attack(key: str, what: str) -> Callable[[Attack], Attack]:
    """Register `fn` under "35.<key>" with a one-line description of what it checks."""
    area = key.split(".", 1)[0]
    if area not in AREAS:
        raise ValueError(f"unknown area {area!r} (one of {', '.join(AREAS)})")

    def register(fn: Attack) -> Attack:
        full = f"35.{key}"
        if full in REGISTRY:
            raise ValueError(f"{full} is registered twice")
        REGISTRY[full] = (what, fn)
        return fn

    return register


def load() -> dict[str, tuple[str, Attack]]:
    """Every registered attack, areas in the order of AREAS (modules imported here)."""
    import importlib

    for area in AREAS:
        try:
            importlib.import_module(f"round4.{area}")
        except ModuleNotFoundError as exc:
            if exc.name != f"round4.{area}":
                raise
    order = {a: i for i, a in enumerate(AREAS)}
    return dict(sorted(REGISTRY.items(), key=lambda kv: order[kv[0].split(".")[1]]))
