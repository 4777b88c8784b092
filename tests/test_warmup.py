"""`talkbase.warmup`: what counts as a page that failed (a visitor would meet it)."""

from __future__ import annotations

from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.Element_pb2 import Element

from talkbase import warmup


def _alert(body: str, kind: int) -> Element:
    el = Element()
    el.alert.body = body
    el.alert.format = kind
    return el


def test_an_error_alert_is_a_failed_page_and_a_notice_is_not() -> None:
    seen = warmup._Seen()
    damaged = r"The knowledge base in /x is damaged: CURRENT names no\-such\-build"
    assert warmup._read(_alert(damaged, Alert.ERROR), seen) == (
        "The knowledge base in /x is damaged: CURRENT names no-such-build"
    )
    assert warmup._read(_alert("Ignored an unknown talk id", Alert.WARNING), seen) is None
    assert warmup._read(_alert("No knowledge base yet", Alert.INFO), seen) is None


def test_an_exception_is_a_failed_page() -> None:
    el = Element()
    el.exception.type = "RuntimeError"
    el.exception.message = "boom"
    assert warmup._read(el, warmup._Seen()) == "RuntimeError: boom"


def test_errors_a_page_showed_are_told_from_a_broken_session() -> None:
    done = warmup.Warmed("http://127.0.0.1:1/", errors=["?: x", "?q=a: OSError: y"], shown=["?: x"])
    assert done.record() == {
        "url": "http://127.0.0.1:1/",
        "pages": 0,
        "errors": ["?: x", "?q=a: OSError: y"],
        "shown": ["?: x"],
    }
