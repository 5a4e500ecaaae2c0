"""The settings file: loading, checking, saving, and where it lives."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clienttools import run
from sixdot.config import (
    SETTINGS,
    SPEECH_MODE,
    TTS_RATE,
    TTS_VOICE,
    TTS_VOLUME,
    Config,
    ConfigError,
    default_path,
    dumps,
)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_file_means_the_defaults(tmp_path) -> None:
    config = Config.load(tmp_path / "config.toml")
    assert config.problem is None
    assert [config[s] for s in SETTINGS] == [s.default for s in SETTINGS]
    assert config[SPEECH_MODE] == "text"


def test_settings_are_read(tmp_path) -> None:
    path = write(
        tmp_path / "config.toml",
        '[speech]\nmode = "tts"\n[speech.tts]\nrate = 220\nvolume = 1\nvoice = "en-us"\n',
    )
    config = Config.load(path)
    assert config.problem is None
    assert (config[SPEECH_MODE], config[TTS_RATE], config[TTS_VOICE]) == ("tts", 220, "en-us")
    assert config[TTS_VOLUME] == 1.0


def test_a_file_that_does_not_parse_is_reported_in_one_line_and_kept(tmp_path) -> None:
    text = '[speech]\nmode = "tts\n'
    path = write(tmp_path / "config.toml", text)
    config = Config.load(path)
    assert config.problem is not None
    assert "\n" not in config.problem
    assert str(path) in config.problem and "line 2" in config.problem
    assert config.problem.endswith("; using the defaults")
    assert config[SPEECH_MODE] == "text"
    config.set(SPEECH_MODE, "tts")
    with pytest.raises(ConfigError, match="needs mending first"):
        config.save()
    assert path.read_text() == text


def test_a_bad_value_is_reported_and_its_default_used(tmp_path) -> None:
    path = write(
        tmp_path / "config.toml",
        '[speech]\nmode = "loud"\n[speech.tts]\nrate = "fast"\nvolume = 0.5\n',
    )
    config = Config.load(path)
    assert config.problem == (
        f"settings file {path}: speech.mode must be one of auto, screenreader, tts, text,"
        ' not "loud" (and 1 more); using the default'
    )
    assert (config[SPEECH_MODE], config[TTS_RATE], config[TTS_VOLUME]) == ("text", 175, 0.5)


@pytest.mark.parametrize(
    ("setting", "value"),
    [(TTS_RATE, 79), (TTS_RATE, 451), (TTS_RATE, True), (TTS_RATE, 200.0), (TTS_VOLUME, 1.5)],
)
def test_values_out_of_range_are_refused(tmp_path, setting, value) -> None:
    config = Config.load(tmp_path / "config.toml")
    with pytest.raises(ValueError, match="must be"):
        config.set(setting, value)


def test_saving_keeps_what_else_the_file_holds(tmp_path) -> None:
    path = write(
        tmp_path / "config.toml",
        '# my keys\n[keys]\nhand = "f9"\n\n[speech.tts]\nrate = 200\n[future]\nlist = [1, "two"]\n',
    )
    config = Config.load(path)
    config.set(SPEECH_MODE, "screenreader")
    config.save()
    assert tomllib.loads(path.read_text()) == {
        "keys": {"hand": "f9"},
        "speech": {"tts": {"rate": 200}, "mode": "screenreader"},
        "future": {"list": [1, "two"]},
    }
    assert Config.load(path)[SPEECH_MODE] == "screenreader"


def test_saving_creates_the_folder(tmp_path) -> None:
    path = tmp_path / "new" / "sixdot" / "config.toml"
    config = Config.load(path)
    config.set(TTS_RATE, 300)
    config.save()
    assert path.read_text() == "[speech.tts]\nrate = 300\n"


def test_a_file_that_cannot_be_written_is_one_line(tmp_path) -> None:
    path = tmp_path / "sixdot" / "config.toml"
    config = Config.load(path)
    write(tmp_path / "sixdot", "a file where the folder should be")
    config.set(SPEECH_MODE, "tts")
    with pytest.raises(ConfigError) as caught:
        config.save()
    assert str(caught.value) == f"settings not saved to {path}: File exists"


def test_the_file_is_in_the_platforms_config_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("SIXDOT_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_path() == tmp_path / "sixdot" / "config.toml"
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path / "other.toml"))
    assert default_path() == tmp_path / "other.toml"


def test_the_speech_option_is_remembered(monkeypatch, tmp_path) -> None:
    """`--speech text` is saved, default or not; a bad file is reported once, on stderr."""
    path = tmp_path / "config.toml"
    monkeypatch.setenv("SIXDOT_CONFIG", str(path))
    first = run("--speech", "text", "play", "alphabeticell", "--seed", "3")
    assert first.rc == 0
    assert tomllib.loads(path.read_text()) == {"speech": {"mode": "text"}}
    write(path, '[speech]\nmode = "text\n')
    second = run("play", "alphabeticell", "--seed", "3")
    assert second.lines == first.lines
    assert second.err.splitlines() == [
        f"sixdot: settings file {path}: Illegal character '\\n' (at line 2, column 13);"
        " using the defaults"
    ]


# -- writing TOML --

keys = st.text(min_size=1, max_size=8)
scalars = (
    st.text(max_size=12)
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.booleans()
)
values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3)
)
tables = st.recursive(
    st.dictionaries(keys, values, max_size=4),
    lambda inner: st.dictionaries(keys, inner | values, max_size=3),
    max_leaves=12,
)


@given(tables)
def test_what_is_written_reads_back_the_same(data) -> None:
    assert tomllib.loads(dumps(data)) == data


def test_written_toml_is_plain_to_read() -> None:
    data = {"speech": {"mode": "tts", "tts": {"rate": 175, "volume": 0.5}}, "a b": {"x": math.inf}}
    assert dumps(data) == (
        '[speech]\nmode = "tts"\n\n[speech.tts]\nrate = 175\nvolume = 0.5\n\n["a b"]\nx = inf\n'
    )
