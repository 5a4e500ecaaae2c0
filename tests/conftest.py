"""Shared test options (slow soak tests run only with --runslow) and fixtures."""

from __future__ import annotations

import pytest

#: The fixtures of a real Redis (`redis_server`) and of each store (`where`).
pytest_plugins = ["redistools"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="also run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow soak test: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _own_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's games are saved, its word graphs cached and its settings read in
    empty folders of its own, never the player's, so neither a developer's own
    settings nor one test's leftovers ever change another test's result."""
    monkeypatch.setenv("SIXDOT_SAVES", str(tmp_path_factory.mktemp("saved")))
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path_factory.mktemp("config") / "config.toml"))
    monkeypatch.setenv("SIXDOT_CACHE", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("SIXDOT_COMMAND", "sixdot")  # as if started as `sixdot` on PATH
