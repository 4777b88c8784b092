"""Settings are declared once, overridable by environment, and documented."""

from __future__ import annotations

from talkbase.core import settings
from tests.conftest import ROOT


def test_every_setting_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for s in settings.SETTINGS.values():
        assert f"`{s.env}`" in readme, f"{s.env} is not documented in README.md"
        assert s.help


def test_environment_overrides_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path))
    monkeypatch.setenv("TALKBASE_MODEL", "some/other-model")
    monkeypatch.setenv("TALKBASE_LEXICAL_WEIGHT", "0.25")
    assert settings.home() == tmp_path
    assert settings.model_name() == "some/other-model"
    assert settings.lexical_weight() == 0.25
    monkeypatch.delenv("TALKBASE_MODEL")
    assert settings.model_name() == settings.DEFAULT_MODEL
    assert settings.home(tmp_path / "x") == tmp_path / "x"  # --home wins


def _refused(name, value):
    import pytest

    from talkbase.core.errors import TalkbaseError

    with pytest.raises(TalkbaseError) as info:
        {
            "TALKBASE_LEXICAL_WEIGHT": settings.lexical_weight,
            "TALKBASE_DENSE_FLOOR": settings.dense_floor,
            "TALKBASE_MATCH_FLOOR": settings.match_floor,
            "TALKBASE_VERIFY_MB": settings.verify_mb,
            "TALKBASE_MAX_FILE_MB": settings.max_file_bytes,
            "TALKBASE_FUSION": settings.fusion,
        }[name]()
    return info.value.sentence()


def test_numbers_that_are_not_finite_are_refused_like_words(monkeypatch):
    for name in (
        "TALKBASE_LEXICAL_WEIGHT",
        "TALKBASE_DENSE_FLOOR",
        "TALKBASE_MATCH_FLOOR",
        "TALKBASE_VERIFY_MB",
        "TALKBASE_MAX_FILE_MB",
    ):
        for value in ("abc", "nan", "NaN", "inf", "-inf", "1e999"):
            monkeypatch.setenv(name, value)
            sentence = _refused(name, value)
            assert sentence.startswith(f"{name} must be a") and repr(value) in sentence
        monkeypatch.delenv(name)


def test_weights_out_of_their_range_are_refused_not_clamped(monkeypatch):
    """Issue 35 (small): TALKBASE_LEXICAL_WEIGHT=5 was silently read as 1."""
    for name, value in (
        ("TALKBASE_LEXICAL_WEIGHT", "2.5"),
        ("TALKBASE_LEXICAL_WEIGHT", "-0.1"),
        ("TALKBASE_DENSE_FLOOR", "1.5"),
        ("TALKBASE_MATCH_FLOOR", "-3"),
    ):
        monkeypatch.setenv(name, value)
        sentence = _refused(name, value)
        assert sentence.startswith(f"{name} must be a number from") and repr(value) in sentence
        monkeypatch.delenv(name)


def test_an_unknown_fusion_is_refused_and_names_the_choices(monkeypatch):
    for value in ("bogus", "RRF2", "scaled-ish"):
        monkeypatch.setenv("TALKBASE_FUSION", value)
        sentence = _refused("TALKBASE_FUSION", value)
        assert "TALKBASE_FUSION must be" in sentence and "'scaled'" in sentence
        assert "'rrf'" in sentence and repr(value.lower()) in sentence
    for value in ("scaled", "Relative", " rrf "):
        monkeypatch.setenv("TALKBASE_FUSION", value)
        assert settings.fusion() == value.strip().lower()
    monkeypatch.delenv("TALKBASE_FUSION")
    assert settings.fusion() == "scaled"


def test_query_limits_are_settings(monkeypatch):
    assert settings.max_query_chars() == int(settings.SETTINGS["max_query_chars"].default)
    assert settings.max_query_operators() == int(settings.SETTINGS["max_query_operators"].default)
    monkeypatch.setenv("TALKBASE_MAX_QUERY_CHARS", "50")
    monkeypatch.setenv("TALKBASE_MAX_QUERY_OPERATORS", "3")
    assert settings.max_query_chars() == 50 and settings.max_query_operators() == 3
    monkeypatch.setenv("TALKBASE_MAX_QUERY_CHARS", "nan")
    import pytest

    from talkbase.core.errors import TalkbaseError

    with pytest.raises(TalkbaseError, match="TALKBASE_MAX_QUERY_CHARS must be"):
        settings.max_query_chars()
