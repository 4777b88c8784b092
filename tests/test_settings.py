"""Settings are declared once, overridable by environment, and documented."""

from __future__ import annotations

from talkbase import settings
from tests.conftest import ROOT


def test_every_setting_is_documented_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for s in settings.SETTINGS.values():
        assert f"`{s.env}`" in readme, f"{s.env} is not documented in README.md"
        assert s.help


def test_environment_overrides_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path))
    monkeypatch.setenv("TALKBASE_MODEL", "some/other-model")
    monkeypatch.setenv("TALKBASE_LEXICAL_WEIGHT", "2.5")
    assert settings.home() == tmp_path
    assert settings.model_name() == "some/other-model"
    assert settings.lexical_weight() == 1.0  # clamped
    monkeypatch.delenv("TALKBASE_MODEL")
    assert settings.model_name() == settings.DEFAULT_MODEL
    assert settings.home(tmp_path / "x") == tmp_path / "x"  # --home wins
