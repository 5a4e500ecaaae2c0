"""A player's own word list: --dictionary PATH, or the words.dictionary setting."""

from __future__ import annotations

import pytest

from sixdot.client.cli import UsageError, _dictionary, _with_dictionary, main
from sixdot.games import get_game


@pytest.fixture
def words(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("cat\ndogs\nQuiet\n", encoding="utf-8")
    return path


def test_the_list_given_is_the_one_the_game_judges_by(words) -> None:
    letters = _with_dictionary(get_game("letters"), str(words))
    assert len(letters.rules.lexicon) == 3
    assert "quiet" in letters.rules.lexicon and "house" not in letters.rules.lexicon


def test_without_a_list_the_shipped_one_is_used(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "none.toml"))
    game = get_game("letters")
    assert _dictionary(game, None) is None
    assert _with_dictionary(game, None) is game


def test_the_setting_names_a_list_for_every_game(monkeypatch, tmp_path, words) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[words]\ndictionary = "{words}"\n', encoding="utf-8")
    monkeypatch.setenv("SIXDOT_CONFIG", str(config))
    letters = get_game("letters")
    assert len(_with_dictionary(letters, _dictionary(letters, None)).rules.lexicon) == 3
    # A game without words ignores the setting.
    assert _dictionary(get_game("alphabeticell"), None) is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "has no words: give one word a line"),
        ("cat\nc@t\n", "line 2: 'c@t' is not a word of letters a to z"),
        (b"\xff\xfe", "is not a text file (UTF-8 expected)"),
    ],
)
def test_a_bad_list_is_refused_before_the_game_starts(tmp_path, capsys, content, message) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert main(["play", "letters", "--plain", "--dictionary", str(path)]) == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err.startswith("sixdot: dictionary not used: ") and message in err.err


def test_a_missing_list_says_so(tmp_path, capsys) -> None:
    assert main(["simulate", "letters", "--dictionary", str(tmp_path / "nope.txt")]) == 2
    assert "no word list at" in capsys.readouterr().err


def test_a_game_without_words_says_which_games_take_a_list(words) -> None:
    with pytest.raises(
        UsageError, match=r"alphabeticell uses no words; --dictionary is for .*letters"
    ):
        _dictionary(get_game("alphabeticell"), str(words))
