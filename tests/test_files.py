"""A file is written whole or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from sixdot.files import write_whole


def test_the_folder_is_made_and_the_bytes_land(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "game.json"
    write_whole(path, b"{}")
    assert path.read_bytes() == b"{}"
    write_whole(path, b"[]")
    assert path.read_bytes() == b"[]"
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_a_failed_write_leaves_no_half_file_behind(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()  # a folder where the file should go: the move fails
    with pytest.raises(OSError):
        write_whole(target, b"data")
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]
