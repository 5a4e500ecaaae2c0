"""Start-up (issue 20): a command imports only what it uses, and the phrasebook
is parsed in full once per content, its stamp made again when damaged.

Times are the benchmark's (benchmarks/startup.py); these tests check behaviour.
What a command imports is seen in a child Python, since this one has every
game loaded by other tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax.ast import Message, Term

from sixdot.client import saves
from sixdot.client.session import Setup
from sixdot.core.errors import UnknownGame
from sixdot.games import GAMES, NAMES, get_game
from sixdot.present import phrasebook
from sixdot.present.phrasebook import Phrasebook, PhrasebookError
from sixdot.resources import shared_dir

#: These tests look at the phrasebook's stamp and what a cold start imports.
pytestmark = pytest.mark.cold_cache

#: Runs `sixdot ARGS` in a child Python with no input, then prints which game
#: packages were imported, and whether Fluent and the word list were, as JSON
#: on the last line.
CHILD = """
import json, sys
from sixdot.client.cli import main

try:
    main(sys.argv[1:])
except SystemExit:
    pass
loaded = sorted({m.split(".")[2] for m in sys.modules if m.count(".") >= 2
                 and m.startswith("sixdot.games.") and m != "sixdot.games.base"})
print(json.dumps({"games": loaded, "fluent": "fluent.runtime" in sys.modules,
                  "words": "sixdot.lexicon" in sys.modules}))
"""


def imported(*args: str) -> dict[str, object]:
    """What `sixdot ARGS` imported, run with no input (a game stops at once)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("name", NAMES)
def test_playing_a_game_imports_that_game_only(name: str) -> None:
    found = imported("play", name, "--seed", "3")
    assert (found["games"], found["fluent"]) == ([name], True)


def test_a_game_without_words_loads_no_word_list() -> None:
    assert imported("play", "alphabeticell", "--seed", "3")["words"] is False


def test_help_imports_no_game_and_no_phrasebook() -> None:
    assert imported("--help") == {"games": [], "fluent": False, "words": False}


def test_resume_imports_the_saved_game_only() -> None:
    saves.write(Setup(GAMES["nonesuch"], 3, 1, "sensible", 8, {}, None))
    assert imported("resume")["games"] == ["nonesuch"]


def test_saved_games_are_listed_by_file_name_without_importing_their_game() -> None:
    folder = Path(os.environ["SIXDOT_SAVES"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "letters-5.json").write_text("{}")
    (folder / "chess-5.json").write_text("{}")  # no game of ours: not listed
    script = (
        "import sys\nfrom sixdot.client import saves\n"
        "print([p.name for p in saves.saved()], 'sixdot.games.letters' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "['letters-5.json'] False"


def test_a_game_named_by_its_start_is_found_and_two_starts_are_refused() -> None:
    assert get_game(" Alphab").name == "alphabeticell"
    with pytest.raises(UnknownGame, match="could be alphabeticell or alphagon"):
        get_game("alpha")


# -- the phrasebook's stamp --


def stamps() -> list[Path]:
    return sorted((Path(os.environ["SIXDOT_CACHE"]) / "phrasebooks").glob("*.json"))


def phrasebook_folder(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "common.ftl").write_text(text, encoding="utf-8")
    return folder


GREETING = "# Said first.\nhello = Hello, { $name }!\n    .brief = Hi { $name }.\n\nbye = Bye.\n"


def test_the_phrasebook_is_checked_once_and_stamped(tmp_path: Path) -> None:
    folder = phrasebook_folder(tmp_path / "en", GREETING)
    assert Phrasebook(folder=folder)("hello", name="Ana") == "Hello, Ana!"
    assert len(stamps()) == 1
    again = Phrasebook(folder=phrasebook_folder(tmp_path / "copy", GREETING))
    assert again("bye") == "Bye." and len(stamps()) == 1


@pytest.mark.parametrize(
    "damage",
    [b"", b'{"stamp": "sixdot phrasebook', b"\x00" * 300, "other version"],
    ids=["empty", "cut short", "garbage", "other version"],
)
def test_a_damaged_or_foreign_stamp_is_ignored_and_made_again(
    tmp_path: Path, damage: bytes | str
) -> None:
    Phrasebook(folder=phrasebook_folder(tmp_path / "en", GREETING))
    (stamp,) = stamps()
    good = stamp.read_bytes()
    if damage == "other version":
        damage = good.replace(b'"sixdot": "', b'"sixdot": "9')
    stamp.write_bytes(damage)  # type: ignore[arg-type]
    # Another folder with the same files has the same stamp, read afresh.
    words = Phrasebook(folder=phrasebook_folder(tmp_path / "copy", GREETING))
    assert words("hello", name="Bo") == "Hello, Bo!"
    assert stamp.read_bytes() == good


def test_a_changed_file_is_checked_again_and_a_bad_one_reported(tmp_path: Path) -> None:
    folder = phrasebook_folder(tmp_path / "en", GREETING)
    assert Phrasebook(folder=folder)("bye") == "Bye."
    phrasebook_folder(folder, GREETING.replace("Bye.", "Farewell."))
    assert Phrasebook(folder=folder)("bye") == "Farewell."
    assert len(stamps()) == 2
    phrasebook_folder(folder, GREETING + "this is not Fluent\n")
    with pytest.raises(PhrasebookError, match=r"common.ftl line 6: not valid Fluent"):
        Phrasebook(folder=folder)
    assert len(stamps()) == 2


def test_a_message_said_alone_brings_the_messages_and_terms_it_names(tmp_path: Path) -> None:
    text = "-brand = Sixdot\ntable = card table\nwelcome = { -brand }: your { table }.\n"
    words = Phrasebook(folder=phrasebook_folder(tmp_path / "en", text))
    assert words("welcome") == "Sixdot: your card table."
    assert words.keys == {"table", "welcome"}


def test_the_first_of_two_messages_with_one_name_is_kept(tmp_path: Path) -> None:
    words = Phrasebook(folder=phrasebook_folder(tmp_path / "en", "a = one\na = two\n"))
    assert words("a") == "one"


def test_every_installed_message_parsed_alone_is_the_message_parsed_in_full() -> None:
    """The split the stamp relies on, checked on the real phrasebook: each piece
    holds its whole message and nothing that changes it."""
    for path in sorted((shared_dir("speech") / "en").glob("*.ftl")):
        text = path.read_text(encoding="utf-8")
        full = FluentParser().parse(text).body
        whole = [e for e in full if isinstance(e, Message | Term)]
        pieces = list(phrasebook._split(text))
        assert [name for name, _, _ in pieces] == [phrasebook._name(e) for e in whole]
        for (name, start, end), entry in zip(pieces, whole, strict=True):
            alone = phrasebook._alone(name, text[start:end])
            assert alone is not None, f"{path.name}: {name}"
            assert alone.equals(entry, ignored_fields=["span", "comment"]), f"{path.name}: {name}"


def test_an_unwritable_cache_costs_time_not_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("SIXDOT_CACHE", str(blocked))
    words = Phrasebook(folder=phrasebook_folder(tmp_path / "en", GREETING))
    assert words("bye") == "Bye."


def test_a_stamp_made_by_hand_for_a_bad_file_lets_no_wrong_word_through(tmp_path: Path) -> None:
    """The stamp is compared, not trusted with words: a message that does not
    parse alone sends the whole folder through the full check, which reports it."""
    text = "hello = Hello\nbye = { $name\n"
    folder = phrasebook_folder(tmp_path / "en", text)
    texts = {"common.ftl": text}
    digest = phrasebook._digest(texts)
    forged = Path(os.environ["SIXDOT_CACHE"]) / "phrasebooks" / f"{digest}.json"
    forged.parent.mkdir(parents=True)
    forged.write_bytes(phrasebook._stamp(digest, texts))
    words = Phrasebook(folder=folder)
    assert words("hello") == "Hello"
    with pytest.raises(PhrasebookError, match=r"common.ftl line 2: not valid Fluent"):
        words("bye")
