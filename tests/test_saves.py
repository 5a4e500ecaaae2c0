"""Every game is saved as it is played: quitting, or input running out, loses
nothing, and `sixdot resume` goes on from the same place. Run through the real
program on pipes; each test has its own empty save folder (conftest)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from clienttools import play_game, run, sixdot_command
from sixdot.bots import RandomBot
from sixdot.client import saves
from sixdot.client.session import Setup
from sixdot.core import replay
from sixdot.games import GAMES


def slot(game: str, seed: int = 5) -> Path:
    return Path(os.environ["SIXDOT_SAVES"]) / f"{game}-{seed}.json"


def document(path: Path) -> dict[str, object]:
    """A save as one JSON document, every move inside, as the tests edit it
    and write it back (a file of version 2 may be only that line)."""
    header, _ = json.JSONDecoder().raw_decode(path.read_text())
    return {**header, "moves": [list(move) for move in saves.read(path).moves]}


def history(lines: list[str]) -> list[str]:
    """The lines the `history` command said, from its title on."""
    start = next(i for i, line in enumerate(lines) if line.startswith("History, "))
    count = int(lines[start].split()[1])
    return lines[start + 1 : start + 1 + count]


def test_a_quit_game_is_saved_and_resumed_where_it_stopped() -> None:
    first = run("play", "letters", "--seed", "5", input="draw\ndiscard O\nhistory\nquit\nyes\n")
    assert first.lines[-2:] == ["Game stopped.", "Saved: sixdot resume letters goes on from here."]
    saved = saves.read(slot("letters"))
    assert saved.seed == 5 and saved.moves[:2] == ((0, "draw"), (0, "discard O"))

    again = run("resume", input="history\nquit\nyes\n")
    assert again.rc == 0
    at = again.lines.index("Resumed after 6 moves. Type history to hear them.")
    assert again.lines[at + 1] == "Your hand: F 6, ED 7, ER 7."  # not said in the replay
    # Nothing of the game is said again, but all of it can be heard.
    assert "You drew ED, 7 points." not in again.lines[: again.lines.index("History, 10 lines:")]
    assert history(again.lines) == history(first.lines)


def test_the_advice_to_resume_names_the_command_that_started_sixdot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From the README's `scripts/play`, `sixdot` is not on PATH: the advice
    names the script, which that script tells sixdot; else `sixdot`."""
    script = (Path(__file__).parents[1] / "scripts" / "play").read_text(encoding="utf-8")
    assert "export SIXDOT_COMMAND=scripts/play\n" in script
    monkeypatch.setenv("SIXDOT_COMMAND", "scripts/play")
    first = run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    assert first.lines[-1] == "Saved: scripts/play resume letters goes on from here."
    brief = run("play", "letters", "--verbosity", "brief", input="draw\nquit\nyes\n")
    assert brief.lines[-1] == "Saved: scripts/play resume letters."
    monkeypatch.setenv("SIXDOT_SAVES", str(Path(os.environ["SIXDOT_SAVES"]) / "empty"))
    assert run("resume").err.strip().endswith("start one with scripts/play play GAME")


def test_without_a_launcher_the_advice_names_how_sixdot_was_started(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The user guide offers `.venv/bin/sixdot`, where `sixdot` is not on
    PATH: the advice names that path, and `sixdot` only when PATH finds this
    very program; `python -m sixdot` is named with its Python."""
    monkeypatch.delenv("SIXDOT_COMMAND")
    script = sixdot_command()[0]
    if Path(script).name != "sixdot":
        pytest.skip("no sixdot script beside this Python")
    monkeypatch.setenv("PATH", str(tmp_path))  # sixdot is not on PATH
    first = run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    assert first.lines[-1] == f"Saved: {script} resume letters goes on from here."
    assert saves.as_started(".venv/bin/sixdot") == ".venv/bin/sixdot"  # as typed
    monkeypatch.setenv("PATH", str(Path(script).parent))
    again = run("play", "letters", "--seed", "6", input="draw\nquit\nyes\n")
    assert again.lines[-1] == "Saved: sixdot resume letters goes on from here."
    main = str(Path(saves.__file__).parents[1] / "__main__.py")
    assert saves.as_started(main) == f"{sys.executable} -m sixdot"


def test_input_running_out_keeps_the_game_too() -> None:
    out = run("play", "letters", "--seed", "5", input="draw\n")
    assert out.lines[-2:] == [
        "Input ended: game stopped.",
        "Saved: sixdot resume letters goes on from here.",
    ]
    assert slot("letters").exists()


def test_quitting_before_any_move_saves_nothing() -> None:
    out = run("play", "letters", "--seed", "5", input="quit\nyes\n")
    assert out.lines[-1] == "Game stopped."
    assert not slot("letters").exists()


def test_a_finished_game_empties_its_slot() -> None:
    played = play_game(
        ["play", "alphabeticell", "--players", "2", "--seed", "4", "--option", "target=5"],
        lambda moves, turn: "1",
    )
    assert played.rc == 0
    assert not any(Path(os.environ["SIXDOT_SAVES"]).iterdir())


def test_a_new_game_keeps_the_saved_ones_and_resume_takes_the_last() -> None:
    run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    out = run("play", "letters", "--seed", "9", input="draw\ndiscard O\nquit\nyes\n")
    assert out.lines[0] == "Letters: 3 players, seed 9."
    assert slot("letters", 5).exists() and slot("letters", 9).exists()
    assert run("resume", "letters", input="quit\nyes\n").lines[0] == "Letters: 3 players, seed 9."
    moves = len(saves.read(slot("letters", 9)).moves)
    assert moves >= 2  # the draw and the discard, and any bot moves before the next question
    menu = run(input="2\nquit\nyes\n")
    assert menu.lines[1:5] == [
        "Saved games wait. Choose:",
        f"1. Resume Letters, seed 9, after {moves} moves",
        "2. Resume Letters, seed 5, after one move",
        "3. Start a new game",
    ]
    assert "Letters: 3 players, seed 5." in menu.lines


def test_the_menu_offers_saved_games_first() -> None:
    run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    out = run(input="1\nquit\nyes\n")
    assert out.lines[1:4] == [
        "Saved games wait. Choose:",
        "1. Resume Letters, seed 5, after one move",
        "2. Start a new game",
    ]
    assert "Resumed after one move. Type history to hear it." in out.lines


def test_resume_with_nothing_saved_says_how_to_start() -> None:
    out = run("resume")
    assert out.rc == 2
    assert out.err.strip() == "sixdot: no saved game: start one with sixdot play GAME"
    named = run("resume", "nonesuch")
    assert named.err.strip() == "sixdot: no saved nonesuch game; saved games: none"
    run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    named = run("resume", "non")
    assert named.err.strip() == "sixdot: no saved nonesuch game; saved games: letters"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "is not a saved game: Expecting property name"),
        ('{"format": "something else"}', "is not a saved game"),
        ('{"format": "sixdot saved game", "version": 7}', "saved game of version 7, not 2"),
    ],
)
def test_a_broken_save_is_refused_and_left_as_it_was(text: str, says: str) -> None:
    slot("letters").parent.mkdir(parents=True, exist_ok=True)
    slot("letters").write_text(text)
    out = run("resume", "letters")
    assert out.rc == 2 and says in out.err and out.out == ""
    assert slot("letters").read_text() == text


def test_a_save_with_an_illegal_move_names_it() -> None:
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\nquit\nyes\n")
    data = document(slot("letters"))
    data["moves"][1] = [0, "discard Z"]  # type: ignore[index]
    slot("letters").write_text(json.dumps(data))
    out = run("resume")
    assert out.rc == 2
    assert "move 2, 'discard Z' by seat 1, is not legal there" in out.err
    menu = run(input="quit\n")
    assert menu.lines[1].startswith("Saved game not offered: ")
    assert menu.lines[2] == "Choose a game:"  # and a new game can still be chosen


def test_fields_of_the_wrong_kind_are_named() -> None:
    run("play", "letters", "--seed", "5", input="draw\nquit\nyes\n")
    data = document(slot("letters"))
    for field, value, says in (
        ("players", "three", "players must be a whole number"),
        ("humans", 9, "9 people cannot sit at 3 seats"),
        ("level", "genius", "there is no bot level 'genius'"),
        ("moves", [[0]], "[0] is not a move: [seat, notation] expected"),
    ):
        slot("letters").write_text(json.dumps({**data, field: value}))
        with pytest.raises(saves.SaveError) as raised:
            saves.read(slot("letters"))
        assert says in str(raised.value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_any_game_cut_anywhere_comes_back_the_same(name: str) -> None:
    """Random play, saved after each of 60 moves and read back: the file rebuilds
    the very same state, so every move of every game survives its notation."""
    game = GAMES[name]
    players = game.rules.default_players
    state = game.rules.new_game(players, {}, 3)
    bots = [RandomBot(seat, 3) for seat in range(players)]
    moves: list[tuple[int, str]] = []
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state, _ = state.apply(seat, action)
        moves.append((seat, action.notation))
        setup = Setup(game, players, 1, "random", 3, {}, None, tuple(moves))
        saves.write(setup)
        back = saves.read(saves.slot(setup))
        assert back == setup
        saves.check(back, saves.slot(setup))
    rebuilt, _ = replay(game.rules, players, {}, 3, moves)
    assert rebuilt == state


def test_a_game_saved_under_other_rules_is_refused_naming_both_revisions() -> None:
    """Moves replayed under changed rules would make another game: a save records
    the rules' revision, and one from another revision is not resumed. A save
    from before revisions (none recorded) is replayed and checked as before."""
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\nquit\nyes\n")
    data = document(slot("letters"))
    assert data["rules"] == GAMES["letters"].rules.revision == 1
    slot("letters").write_text(json.dumps({**data, "rules": 0}))
    out = run("resume", "letters")
    assert out.rc == 2 and out.out == ""
    assert "saved under Letters rules revision 0; this sixdot plays revision 1" in out.err
    del data["rules"]
    slot("letters").write_text(json.dumps(data))
    setup = saves.read(slot("letters"))
    assert list(map(list, setup.moves)) == data["moves"]
    saves.check(setup, slot("letters"))


def test_each_move_after_the_first_save_is_one_line_appended() -> None:
    """Saving a move costs the same late in a game as early: the file is
    written whole once, then each move is a line added to it."""
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\ndraw\nquit\nyes\n")
    lines = slot("letters").read_text().splitlines()
    header = json.loads(lines[0])
    assert header["version"] == saves.VERSION == 2
    appended = [json.loads(line) for line in lines[1:]]
    assert header["moves"] + appended == [list(m) for m in saves.read(slot("letters")).moves]
    assert [0, "discard O"] in appended  # the game was saved whole before it


def test_a_move_cut_short_by_a_crash_is_dropped_and_the_rest_kept() -> None:
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\nquit\nyes\n")
    kept = saves.read(slot("letters")).moves
    with slot("letters").open("a") as file:
        file.write('[1, "dra')  # no newline: the write never finished
    assert saves.read(slot("letters")).moves == kept
    out = run("resume", "letters", input="draw\nquit\nyes\n")
    assert f"Resumed after {len(kept)} moves. Type history to hear them." in out.lines
    again = saves.read(slot("letters")).moves
    assert again[: len(kept) + 1] == (*kept, (0, "draw"))
    assert '"dra\n' not in slot("letters").read_text()  # written whole: the cut line gone


def test_a_damaged_line_among_the_moves_is_named() -> None:
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\nquit\nyes\n")
    with slot("letters").open("a") as file:
        file.write('not a move\n[0, "draw"]\n')
    count = len(slot("letters").read_text().splitlines()) - 1
    with pytest.raises(saves.SaveError, match=f"line {count} is not a move"):
        saves.read(slot("letters"))


def test_a_game_saved_by_version_1_is_resumed() -> None:
    run("play", "letters", "--seed", "5", input="draw\ndiscard O\nquit\nyes\n")
    data = {**document(slot("letters")), "version": 1}
    slot("letters").write_text(json.dumps(data, indent=1))
    assert list(map(list, saves.read(slot("letters")).moves)) == data["moves"]
    slot("letters").write_text(json.dumps(data, indent=1) + '\n[0, "draw"]\n')
    with pytest.raises(saves.SaveError, match="more after its end"):
        saves.read(slot("letters"))


def test_a_file_written_meanwhile_by_another_window_is_written_whole_again() -> None:
    """Two windows resuming one game each save it: what is added is never
    mixed into the other's file; the last to save has its game kept whole."""
    game = GAMES["letters"]
    state = game.rules.new_game(3, {}, 5)
    moves: list[tuple[int, str]] = []
    for _ in range(4):
        seat = state.to_act()[0]
        action = RandomBot(seat, 5).choose(state.view(seat), state.legal_actions(seat))
        state, _ = state.apply(seat, action)
        moves.append((seat, action.notation))
    setups = [Setup(game, 3, 1, "random", 5, {}, None, tuple(moves[:n])) for n in range(1, 5)]
    keeper = saves.Keeper()
    keeper(setups[0], over=False)
    keeper(setups[1], over=False)
    assert len(slot("letters").read_text().splitlines()) == 2  # the second move appended
    saves.write(setups[0])  # another window, one move behind, saves whole
    keeper(setups[3], over=False)
    assert saves.read(slot("letters")) == setups[3]
    keeper(setups[3], over=True)
    assert not slot("letters").exists()
