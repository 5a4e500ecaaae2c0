"""The game loop in-process: commands, refusals and output backends."""

from __future__ import annotations

import io

from sixdot.client.session import Setup, Table, Turn
from sixdot.client.terminal import Terminal
from sixdot.games import get_game
from sixdot.output import Recording
from sixdot.present.phrasebook import Phrasebook


def run_table(commands: str, seed: int = 5, humans: int = 1) -> tuple[str, Recording]:
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO(commands), stdout=out)
    recording = Recording()
    setup = Setup(get_game("alphabeticell"), players=3, humans=humans, seed=seed)
    Table(setup, Phrasebook(), term, [recording]).run()
    return out.getvalue(), recording


def test_every_printed_line_reaches_the_other_outputs() -> None:
    printed, recording = run_table("moves\nzz\nquit\nyes\n")
    assert [line for line, _ in recording.lines] == printed.splitlines()


def test_turn_prompts_and_errors_are_urgent_and_events_are_not() -> None:
    _, recording = run_table("zz\nquit\nyes\n")
    urgent = [line for line, is_urgent in recording.lines if is_urgent]
    assert any(line.startswith("Your pick") for line in urgent)
    assert any(line.startswith("Unknown command") for line in urgent)
    assert not any(line.startswith("Round 1") for line in urgent)


def test_a_refused_command_changes_nothing() -> None:
    before, _ = run_table("table\nquit\nyes\n")
    after, _ = run_table("take EW as W\nkeep XX\n9\ntable\nquit\nyes\n")
    table_lines = [line for line in before.splitlines() if line not in after.splitlines()]
    assert table_lines == []


def test_game_commands_from_the_presenter_are_offered_in_help() -> None:
    printed, _ = run_table("help\nquit\nyes\n")
    assert "moves: list your legal moves, numbered." in printed.splitlines()


def test_end_of_input_stops_cleanly() -> None:
    printed, _ = run_table("")
    assert printed.splitlines()[-1] == "Input ended: game stopped."


def test_hot_seat_hides_dealt_cards_until_ready() -> None:
    printed, _ = run_table("moves\nready\nquit\nyes\n", humans=2)
    lines = printed.splitlines()
    ready_at = next(i for i, line in enumerate(lines) if line.endswith("at the keyboard."))
    dealt = [i for i, line in enumerate(lines) if line.startswith("Dealt to you")]
    assert dealt and all(i > ready_at for i in dealt)


def _keep_also_means_the_next_card(monkeypatch) -> None:
    """Pretend "keep" is ambiguous: each keep could also mean keeping the next card."""
    from sixdot.games.alphabeticell.rules import State

    def interpretations(self, seat, action):
        legal = self.legal_actions(seat)
        if action not in legal:
            return (action,)
        return (action, legal[(legal.index(action) + 1) % len(legal)])

    monkeypatch.setattr(State, "interpretations", interpretations)


def test_a_command_that_fits_two_moves_asks_which_and_plays_the_answer(monkeypatch) -> None:
    _keep_also_means_the_next_card(monkeypatch)
    printed, _ = run_table("keep OL\n2\ntable\nquit\nyes\n")
    lines = printed.splitlines()
    assert '"keep OL" can be played 2 ways. Which one? Type a number:' in lines
    assert "1. keep OL" in lines and "2. keep NY" in lines
    assert any(line.startswith("You keep NY") for line in lines)


def test_an_unclear_answer_to_which_plays_nothing(monkeypatch) -> None:
    _keep_also_means_the_next_card(monkeypatch)
    printed, _ = run_table("keep OL\n7\nquit\nyes\n")
    lines = printed.splitlines()
    assert "Not played: type one of the numbers 1 to 2, or a new command." in lines
    assert not any(line.startswith("You keep") for line in lines)


def test_another_command_instead_of_a_choice_is_run(monkeypatch) -> None:
    _keep_also_means_the_next_card(monkeypatch)
    printed, _ = run_table("keep OL\nhand\nquit\nyes\n")
    lines = printed.splitlines()
    assert not any(line.startswith("Not played") for line in lines)
    assert any(line.startswith("Your setup cards: ") for line in lines)
    assert not any(line.startswith("You keep") for line in lines)


def test_a_risky_move_is_played_only_when_confirmed(monkeypatch) -> None:
    from sixdot.core import Refusal
    from sixdot.core.state import GAME_OVER
    from sixdot.games.alphabeticell.rules import State

    monkeypatch.setattr(State, "caution", lambda self, seat, action: Refusal.of(GAME_OVER))
    declined, _ = run_table("keep OL\nno\nquit\nyes\n")
    # A warning, not a refusal: the move is allowed once confirmed.
    assert "Careful: the game is over." in declined.splitlines()
    assert "Not played. Choose again." in declined.splitlines()
    assert not any(line.startswith("You keep") for line in declined.splitlines())
    confirmed, _ = run_table("keep OL\nyes\nquit\nyes\n")
    assert any(line.startswith("You keep OL") for line in confirmed.splitlines())
    # Another move typed instead of an answer is that move, not a lost line.
    instead, _ = run_table("keep OL\nhand\nquit\nyes\n")
    lines = instead.splitlines()
    assert "Not played. Choose again." not in lines
    assert any(line.startswith("Your setup cards: ") for line in lines)


def test_older_after_last_goes_on_from_the_line_before_it() -> None:
    printed, _ = run_table("last\nolder\nolder\nquit\nyes\n")
    lines = printed.splitlines()
    pick = next(i for i, line in enumerate(lines) if line.startswith("Your pick"))
    history = lines[3:pick]  # Round 1, the deal, Ben's keep: the last event
    assert lines[pick + 1 : pick + 6] == [
        history[-1],  # last
        history[-2],  # older: the line before it, not the same line again
        "Start of history.",  # older again reaches the first line
        history[-3],
        "Quit this game? Type yes to quit, anything else to play on.",
    ]


def test_after_last_older_and_newer_step_out_of_the_lines_it_said() -> None:
    """The game's end is one event of three lines. After `last` says them, older
    goes to the line before them and newer finds nothing after them."""
    from sixdot.client.session import Turn
    from sixdot.core import GameEnded

    game = get_game("alphagon")
    out = io.StringIO()
    table = Table(Setup(game, players=2), Phrasebook(), Terminal(io.StringIO(""), out))
    state, opening = game.rules.begin(2, None, seed=0)
    table.announce([*opening, GameEnded((0,), (30, 15))])
    turn = Turn(state, 0, (), table.private[0])

    def review(command: str) -> list[str]:
        return table.command(command, turn, "")

    the_end = ["You win with 30 points.", "You: 30 points.", "Ana: 15 points."]
    assert review("last") == the_end
    assert review("older") == ["Ana's turn."]
    assert review("newer") == ["You win with 30 points."]
    assert review("last") == the_end
    assert review("newer") == ["End of history.", "Ana: 15 points."]
    assert review("older") == ["You: 30 points."]


def test_a_reply_to_a_declaration_is_asked_for_even_when_accept_is_the_only_move() -> None:
    """Ana declares POLICE POLICEMAN on POLI. With this word list nothing contradicts
    or corrects it, so accept is the one listed reply; you are still asked, and can
    walk the board before you answer."""
    from sixdot.games.alphagon.rules import ACCEPT, Declare
    from test_alphagon_rules import building, game, play

    declared = play(building(game(), "POLI", turn=2), Declare(("POLICE", "POLICEMAN")))
    assert declared.to_act() == (0,) and declared.legal_actions(0) == (ACCEPT,)
    out = io.StringIO()
    term = Terminal(stdin=io.StringIO("word\naccept\n"), stdout=out)
    table = Table(Setup(get_game("alphagon"), players=3), Phrasebook(), term)
    assert table.ask(declared, 0) == ACCEPT
    assert out.getvalue().splitlines() == [
        "Declared: POLICE POLICEMAN from POLI. Accept, contradict WORD or correct WORD.",
        "Word POLI: 4 letters, east from D3.",
        "Next: H3, empty, heading east.",
    ]


def test_last_never_gives_one_player_another_players_secret() -> None:
    """Hot seat: when the newest event was private to Player 1, Player 2's `last`
    says the newest event Player 2 may hear, not Player 1's cards."""
    game = get_game("alphabeticell")
    term = Terminal(stdin=io.StringIO(), stdout=io.StringIO())
    table = Table(Setup(game, players=3, humans=2, seed=5), Phrasebook(), term)
    table._record(["Round 1: Ana deals."])
    table._record(["Dealt to you: OL, NY, EL. Keep one."], seat=0)
    state = game.rules.new_game(3, seed=5)
    as_seat = [Turn(state, seat, (), table.private[seat]) for seat in (0, 1)]
    assert table.command("last", as_seat[0], "") == ["Dealt to you: OL, NY, EL. Keep one."]
    assert table.command("last", as_seat[1], "") == ["Round 1: Ana deals."]


def test_an_item_in_a_group_says_its_place_in_the_group() -> None:
    from sixdot.present.focus import FocusItem

    words = Phrasebook()
    term = Terminal(stdin=io.StringIO(), stdout=io.StringIO())
    table = Table(Setup(get_game("alphagon"), players=2), words, term)
    items = [
        FocusItem("A", "a", pick="A", group="Vowels"),
        FocusItem("E", "e", pick="E", group="Vowels"),
        FocusItem("T", "t", pick="T", group="Consonants"),
        FocusItem("Hint", "h"),
    ]
    labels = [item.label for item in table.marked(items)]
    assert labels[1] == words(
        "focus-place-group", item="E", group="Vowels", group_place=2, group_count=2
    )
    assert labels[2].startswith("T") and "1 of 1" in labels[2] and "Consonants" in labels[2]
    assert labels[3] == words(
        "focus-place", item=words("focus-not-now", item="Hint"), place=4, count=4
    )


def test_a_game_at_this_keyboard_is_kept_move_by_move_as_its_replay() -> None:
    """The table layer plays the game; each move is kept, and the moves kept
    replay to the very state the game ended in."""
    from sixdot.core import replay

    game = get_game("alphabeticell")
    kept: list[tuple[tuple[int, str], ...]] = []
    setup = Setup(game, players=3, seed=8, options={"target": 10})
    term = Terminal(stdin=io.StringIO("1\n" * 500), stdout=io.StringIO())
    final = Table(setup, Phrasebook(), term, keep=lambda s, over: kept.append(s.moves)).run()
    assert final is not None and final.is_over
    assert [len(moves) for moves in kept] == list(range(1, len(kept) + 1))
    again, _ = replay(game.rules, 3, {"target": 10}, 8, kept[-1])
    assert again == final


def test_a_prefix_of_several_moves_asks_which_by_number() -> None:
    printed, _ = run_table("kee\n2\nquit\nyes\n")
    lines = printed.splitlines()
    at = lines.index('"kee" can be played 3 ways. Which one? Type a number:')
    assert lines[at + 1 : at + 4] == ["1. keep OL", "2. keep NY", "3. keep EL"]
    assert any(line.startswith("You keep NY") for line in lines)


def test_a_word_of_its_own_is_never_taken_as_the_start_of_a_longer_one() -> None:
    """FORK is a word: `challenge fork` against FORKS is refused as it stands,
    never played as `challenge FORKS`, which would cost points for good."""
    from dataclasses import replace

    from sixdot.games.letters.cards import by_face
    from sixdot.games.letters.rules import RULES, Challenge, Phase

    state = RULES.new_game(2, seed=1)
    hand = tuple(by_face()[f] for f in ("F", "O", "R", "K", "S", "Z"))
    state = replace(state, turn=0, phase=Phase.PLAY, hands=(hand, state.hands[1]))
    state, _ = state.apply(0, RULES.parse_action("out FORKS discard Z"))
    out = io.StringIO()
    setup = Setup(get_game("letters"), players=2, humans=2, seed=1)
    table = Table(setup, Phrasebook(), Terminal(stdin=io.StringIO(""), stdout=out))
    turn = Turn(state, 1, state.legal_actions(1), table.private[1])
    assert Challenge("FORKS") in turn.legal
    assert table.interpret("challenge fork", turn) is None
    assert "FORKS" in out.getvalue().splitlines()[-1]  # the refusal names the open word
    assert table.interpret("challenge forks", turn) == Challenge("FORKS")
    # A typed word is never completed, nor a bare word taken as a challenge.
    assert table.interpret("challenge fo", turn) is None
    assert table.interpret("forks", turn) is None


def test_a_command_answering_the_quit_question_plays_on_and_is_run() -> None:
    printed, _ = run_table("quit\nhand\nquit\nno\nquit\nyes\n")
    lines = printed.splitlines()
    first = lines.index("Playing on.")
    assert lines[first + 1].startswith("Your setup cards: ")  # `hand`, not lost
    second = lines.index("Playing on.", first + 1)
    assert lines[second + 1].startswith("Quit this game?")  # `no` is only an answer


def test_in_hot_seat_an_answer_to_quit_at_the_ready_step_plays_nothing() -> None:
    """`1` typed as the answer to quit, at the step waiting for a player to take
    the keyboard, is answered there: it never becomes that player's move."""
    printed, _ = run_table("quit\n1\nready\nquit\nyes\n", humans=2)
    lines = printed.splitlines()
    assert not any(line.startswith("You keep") for line in lines)
    at = lines.index("Playing on.")
    assert "ready" in lines[at + 1].lower()  # asked again to say ready
