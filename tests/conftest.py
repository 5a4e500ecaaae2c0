"""Shared test options (slow soak tests run only with --runslow) and fixtures."""

from __future__ import annotations

from pathlib import Path

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


@pytest.fixture(scope="session")
def _shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache folder for a test process's tests: what is cached there (word
    graphs, Consonants' word index, the phrasebook's stamp) is derived from
    content and checked against it, so sharing it shares results, never state.
    Made cold, a Consonants game through a pipe spent 4 of its 5 s of CPU
    building the word index again, test after test."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _own_folders(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    _shared_cache: Path,
) -> None:
    """Each test's games are saved and its settings read in empty folders of its
    own, never the player's, so neither a developer's own settings nor one
    test's leftovers ever change another test's result. Its cache is the
    process's shared one, or an empty one of its own for a test marked
    `cold_cache` (the tests of the caches themselves)."""
    cold = request.node.get_closest_marker("cold_cache") is not None
    cache = tmp_path_factory.mktemp("cache") if cold else _shared_cache
    monkeypatch.setenv("SIXDOT_SAVES", str(tmp_path_factory.mktemp("saved")))
    monkeypatch.setenv("SIXDOT_CONFIG", str(tmp_path_factory.mktemp("config") / "config.toml"))
    monkeypatch.setenv("SIXDOT_CACHE", str(cache))
    monkeypatch.setenv("SIXDOT_COMMAND", "sixdot")  # as if started as `sixdot` on PATH
