"""Review keys from the user's config file: overrides, and bad files reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from clienttools import run
from sixdot.client.keys import DEFAULT_KEYS, key_label, load_keys


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config.toml"
    monkeypatch.setenv("SIXDOT_CONFIG", str(path))
    return path


def test_no_file_means_the_default_keys(config: Path) -> None:
    notices: list[str] = []
    assert load_keys(notices.append) == DEFAULT_KEYS
    assert notices == []


def test_a_key_can_be_moved(config: Path) -> None:
    config.write_text('[keys]\nscore = "f9"\n')
    keys = load_keys(print)
    assert keys["score"] == "f9"
    assert keys["table"] == DEFAULT_KEYS["table"]


def test_a_file_that_does_not_parse_gives_the_default_keys(config: Path) -> None:
    """The keys say nothing of it: the program reports the settings file once."""
    config.write_text("[keys\nscore = f9\n")
    notices: list[str] = []
    assert load_keys(notices.append) == DEFAULT_KEYS
    assert notices == []


def test_a_file_that_does_not_parse_is_reported_once_on_stderr(config: Path) -> None:
    config.write_text("[keys\nscore = f9\n")
    result = run("play", "alphabeticell", "--players", "2", "--seed", "1", input="quit\nyes\n")
    notices = [line for line in result.err.splitlines() if str(config) in line]
    assert len(notices) == 1 and "using the defaults" in notices[0]
    assert config.read_text() == "[keys\nscore = f9\n"


def test_an_unknown_action_names_the_valid_ones(config: Path) -> None:
    config.write_text('[keys]\nscroes = "f9"\n')
    notices: list[str] = []
    assert load_keys(notices.append) == DEFAULT_KEYS
    assert "unknown key action 'scroes'" in notices[0] and "score" in notices[0]


def test_keys_that_are_not_a_table_are_named_without_brackets(config: Path) -> None:
    """A voice reads TOML's "[keys]" as "left bracket keys right bracket"."""
    config.write_text('keys = "f9"\n')
    notices: list[str] = []
    assert load_keys(notices.append) == DEFAULT_KEYS
    assert notices == [f"Settings file {config}: keys must be a table; default keys used."]


@pytest.mark.parametrize(
    ("key", "said"), [("f5", "F5"), ("pageup", "Page Up"), ("c-x", "Ctrl+X"), ("home", "Home")]
)
def test_keys_are_named_as_people_say_them(key: str, said: str) -> None:
    assert key_label(key) == said


def test_a_key_given_to_another_action_leaves_its_old_action_without_one(config: Path) -> None:
    """F9 reviews the trick by default; given to the scores, the trick has no key,
    and the player is told so rather than left with one key doing two things."""
    config.write_text('[keys]\nscore = "f9"\n')
    notices: list[str] = []
    keys = load_keys(notices.append)
    assert keys["score"] == "f9" and "trick" not in keys
    said = f"Settings file {config}: f9 went to score, so trick has no key; give it one."
    assert notices == [said]


@pytest.mark.parametrize("key", ["left", "Down", "enter", "x"])
def test_a_key_that_walks_or_types_cannot_be_a_review_key(config: Path, key: str) -> None:
    config.write_text(f'[keys]\nscore = "{key}"\n')
    notices: list[str] = []
    assert load_keys(notices.append)["score"] == DEFAULT_KEYS["score"]
    assert "walks or types" in notices[0]
