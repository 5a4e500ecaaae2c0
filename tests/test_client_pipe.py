"""End-to-end tests of the text client through pipes.

With stdin not a terminal, sixdot reads one command a line and prints no
prompt, so scripts (and these tests) can drive it. Every test runs the real
program; transcripts are only ever compared with other runs, never with text
written down here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from clienttools import (
    GAME_OVER,
    KEEP,
    LINE,
    MOVES_TITLE,
    ROUND_START,
    TAKE,
    TURN,
    Conversation,
    check_game,
    first_move,
    is_list,
    pipe_env,
    play_game,
    run,
    sixdot_command,
    too_long,
    unreadable,
)
from sixdot.games import playable

PLAY = ("play", "alphabeticell")
ONES = "1\n" * 3000
INPUT_ENDED = re.compile(r"input ended|goodbye", re.IGNORECASE)


def ends_on_input_ended(lines: list[str]) -> bool:
    """The last line says input ended; after a move, the game's saving follows it."""
    if lines[-1].startswith("Saved: sixdot resume "):
        lines = lines[:-1]
    return bool(INPUT_ENDED.search(lines[-1]))


DEALT = re.compile(r"^Dealt to you: (?P<cards>[A-Z]{2}(?:, [A-Z]{2})*)\b")
AT_KEYBOARD = re.compile(r"^(?P<who>.+) at the keyboard\.$")
HEADER = re.compile(r"^Alphabeticell: (?P<players>\d+) players, seed (?P<seed>\d+)\.$")
OFFERED = re.compile(r"\b(?P<card>[A-Z]{2}) offered\b")

# The distribution printed in the rules text (seeds/alphabeticell.txt).
LETTER_COUNTS = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        (6, 4, 4, 5, 6, 2, 3, 5, 6, 1, 1, 5, 4, 6, 6, 2, 1, 6, 6, 6, 3, 1, 3, 1, 2, 1),
        strict=True,
    )
)
# Standard six-dot braille letters a-z (dots 1-6 as Unicode braille offsets).
BRAILLE_LETTERS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", strict=True))
BRAILLE_DIGITS = dict(zip("1234567890", "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚", strict=True))
FOR_SIGN = "⠿"
NUMBER_SIGN = "⠼"


def assert_clean_exit(result_rc: int, err: str) -> None:
    assert "Traceback" not in err, err
    assert result_rc == 0, err
    assert err == ""


def inserted(before: list[str], after: list[str]) -> tuple[int, list[str]]:
    """Where `after` differs from `before` by one inserted block, and the block."""
    assert len(after) >= len(before)
    start = next(
        (i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), len(before)
    )
    extra = len(after) - len(before)
    assert after[:start] == before[:start]
    assert after[start + extra :] == before[start:], "more than one place differs"
    return start, after[start : start + extra]


# --- whole games ----------------------------------------------------------------


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (11, 5)], ids=["3p", "5p"])
def test_a_whole_game_against_bots_reaches_its_end(seed: int, players: int) -> None:
    result = run(*PLAY, "--seed", str(seed), "--players", str(players), input=ONES)
    assert_clean_exit(result.rc, result.err)
    assert GAME_OVER.search(result.lines[-1]), result.lines[-5:]
    header = HEADER.match(result.lines[0])
    assert header and header["players"] == str(players) and header["seed"] == str(seed)
    # The game ended on its own: it did not run out of input.
    assert not any(INPUT_ENDED.search(line) for line in result.lines)


# Alphabeticell's move notation (what `moves` lists), case and spacing free.
NOTATION = re.compile(r"pass|keep \w\w|take \w\w as \w(?: with \w)?", re.IGNORECASE)


@cache
def command_names() -> tuple[str, ...]:
    """The commands `help` lists, each on a line of its own: "moves: ..."."""
    lines = run(*PLAY, "--seed", "3", input="help\n").lines
    names = tuple(m[1] for line in lines if (m := re.match(r"^([a-z]+): ", line)))
    assert {"moves", "table", "help", "quit"} <= set(names), names
    return names


def shortest_prefix(move: str, moves: list[str]) -> str:
    """The shortest start of `move` that names it alone and is not another move."""
    names = [*moves, *command_names()]
    for size in range(1, len(move) + 1):
        text = move[:size]
        if sum(n.lower().startswith(text.lower()) for n in names) != 1 or text.endswith(" "):
            continue
        if text != move and NOTATION.fullmatch(text):
            continue  # a whole notation of its own (refused, not completed)
        return text
    return move


def choice(moves: list[str], turn: int) -> int:
    """A varied but reproducible move: sometimes the first, sometimes another."""
    return (turn * 7 + turn // 3) % len(moves)


def by_number(moves: list[str], turn: int) -> str:
    return str(choice(moves, turn) + 1)


def by_notation(moves: list[str], turn: int) -> str:
    move = moves[choice(moves, turn)]
    # Case and spacing do not matter.
    return move if turn % 2 else "  " + move.lower().replace(" ", "  ") + " "


PREFIXES: list[tuple[str, str]] = []


def by_prefix(moves: list[str], turn: int) -> str:
    move = moves[choice(moves, turn)]
    text = shortest_prefix(move, moves)
    PREFIXES.append((text, move))
    return text


def test_moves_by_number_by_notation_and_by_prefix_play_the_same_game() -> None:
    args = (*PLAY, "--seed", "21")
    PREFIXES.clear()
    games = [play_game(args, pick) for pick in (by_number, by_notation, by_prefix)]
    for game in games:
        assert_clean_exit(game.rc, game.err)
        assert GAME_OVER.search(game.lines[-1])
    numbered, named, prefixed = (g.lines for g in games)
    assert named == numbered
    assert prefixed == numbered
    check_game(numbered, players=3)
    # The game really went through notations and shortened names.
    assert len({text for text, _ in PREFIXES}) > 5
    assert sum(len(text) < len(move) for text, move in PREFIXES) > 20
    assert any(move.startswith("take") for text, move in PREFIXES if text != move)
    assert any(move.startswith("keep") for text, move in PREFIXES if text != move)


def test_the_same_seed_replays_the_same_game_and_another_seed_does_not() -> None:
    first = run(*PLAY, "--seed", "42", input=ONES)
    second = run(*PLAY, "--seed", "42", input=ONES)
    other = run(*PLAY, "--seed", "43", input=ONES)
    assert first.out == second.out
    assert GAME_OVER.search(first.lines[-1])
    assert first.lines[4:] != other.lines[4:]


@pytest.mark.parametrize(
    ("args", "players", "humans", "target"),
    [
        (("--seed", "2", "--players", "2"), 2, 1, 30),
        (("--seed", "4", "--players", "4", "--bots", "random"), 4, 1, 30),
        (("--seed", "5", "--players", "5"), 5, 1, 30),
        (("--seed", "6", "--option", "target=12"), 3, 1, 12),
        (("--seed", "8", "--humans", "2"), 3, 2, 30),
    ],
    ids=["2p", "4p-random", "5p", "target12", "hotseat"],
)
def test_every_event_is_announced(
    args: tuple[str, ...], players: int, humans: int, target: int
) -> None:
    """Each card turned up is passed or taken by the players in turn, then taken
    or discarded; rounds end with a score line each; the game ends at the target."""
    game = play_game((*PLAY, *args), first_move)
    assert_clean_exit(game.rc, game.err)
    rounds = check_game(game.lines, players, humans, target)
    assert rounds >= 1
    if target < 30:
        assert any(f"target {target}" in line for line in game.lines[:3])


# --- bad input ------------------------------------------------------------------


def read_until_moves(talk: Conversation) -> tuple[list[str], int]:
    """The lines said before the next moves list, and how many moves it has."""
    said: list[str] = []
    while (line := talk.next_line()) is not None:
        if m := MOVES_TITLE.match(line):
            count = int(m[1]) if m[1] else 1
            for _ in range(count):
                talk.next_line()
            return said, count
        said.append(line)
    raise AssertionError("the program ended")


def card_faces() -> list[str]:
    result = run("cards", "alphabeticell")
    return [m[1] for line in result.lines if (m := re.match(r"^([A-Z]{2}): ", line))]


def offer_turns(talk: Conversation) -> Iterator[tuple[str, list[str]]]:
    """Each turn we are asked about an offered card: the card and our line's letters.

    Setup picks are answered with 1; the consumer must answer each offer.
    """
    my_line: list[str] = []
    while (line := talk.next_line()) is not None:
        if (m := LINE.match(line)) and line.startswith("Your"):
            my_line = m["line"].split()
        if TURN.search(line):
            if offered := OFFERED.search(line):
                yield offered["card"], list(my_line)
            else:
                talk.send("1")


def inside_letters(card: str, line: list[str]) -> list[str]:
    """The card's letters that would fall inside a fixed line (and are not in it)."""
    if len(line) < 2:
        return []
    return [x for x in card if line[0] < x < line[-1] and x not in line]


def test_bad_input_gets_one_line_saying_what_was_wrong_and_changes_nothing() -> None:
    talk = Conversation(*PLAY, "--seed", "3")
    try:
        # Play the first move each turn until an offered card has a letter that
        # would fall inside our (fixed) line.
        for card, my_line in offer_turns(talk):
            if inside := inside_letters(card, my_line):
                break
            talk.send("1")
        else:
            raise AssertionError("no suitable turn came up")
        talk.send("table")
        talk.send("moves")
        _, count = read_until_moves(talk)
        talk.send("table")
        talk.send("moves")
        table, again = read_until_moves(talk)
        assert table and again == count
        letter = inside[0]
        other = next(f for f in card_faces() if f != card)
        absent = next(x for x in "QZXJKVYW" if x not in card)
        first, last = my_line[0], my_line[-1]
        cases = [
            ("xyzzy", ["xyzzy", "help"]),
            (str(count + 1), [str(count + 1), str(count)]),
            ("0", ["0", str(count)]),
            (f"take {other} as {other[1]}", [other, card]),
            (f"take {card} as {absent}", [card, absent]),
            (f"take {card} as {letter}", [letter, first, last]),
            (f"take {card} as {letter} with {first}", ["with"]),
            (f"keep {card}", ["pass"]),
            ("x" * 5000, ["5,000", "200"]),
        ]
        answers = {}
        for text, words in cases:
            talk.send(text)
            talk.send("table")
            talk.send("moves")
            said, n = read_until_moves(talk)
            assert n == count, text
            assert said[1:] == table, f"{text!r} changed the table"
            answers[text] = said[0]
            assert len(said) == len(table) + 1, f"{text!r}: {said[: -len(table)]}"
            for word in words:
                assert re.search(rf"\b{re.escape(word)}\b", said[0]), (text, said[0], word)
        # Every error is worded for what was typed: no two alike.
        assert len(set(answers.values())) == len(cases)
        # A start of several commands is no error but a question, one choice a
        # line; a next line that is none of them is run as typed, nothing changed.
        talk.send("h")
        talk.send("table")
        talk.send("moves")
        said, n = read_until_moves(talk)
        asked = len(said) - len(table)
        assert n == count and said[asked:] == table, said
        assert said[0] == '"h" could be 4 things. Which one? Type a number or a name:', said
        assert said[1:asked] == ["1. hand", "2. history", "3. hint", "4. help"], said
        talk.send("pass")
        rc, err = talk.finish()
    finally:
        talk.kill()
    assert_clean_exit(rc, err)
    assert ends_on_input_ended(talk.lines)


def test_a_refusal_suggests_a_move_that_is_then_accepted() -> None:
    """The second card fixes both letters; leaving out "with" is explained."""
    talk = Conversation(*PLAY, "--seed", "3")
    try:
        while (line := talk.next_line()) is not None:
            if TURN.search(line):
                talk.send("moves")
                _, count = read_until_moves(talk)
                if count > 1 and not line.startswith("Your pick"):
                    break
                talk.send("1")
        card = OFFERED.search(line)["card"]  # type: ignore[index]
        talk.send(f"take {card} as {card[0]}")
        talk.send("moves")
        said, _ = read_until_moves(talk)
        assert len(said) == 1
        suggestion = re.search(rf"take {card} as {card[0]} with [A-Z]", said[0])
        assert suggestion, said[0]
        talk.send(suggestion[0])
        talk.send("quit")
        talk.send("yes")
        rc, err = talk.finish()
    finally:
        talk.kill()
    assert_clean_exit(rc, err)
    taken = [m for line in talk.lines if (m := TAKE.match(line)) and m["who"] == "You"]
    assert taken and taken[-1]["card"] == card and taken[-1]["letter"] == card[0]


def refusals() -> list[str]:
    """Refusal lines for bad takes: at the first offer, and once our line is fixed."""
    talk = Conversation(*PLAY, "--seed", "3")
    try:
        first_offer = True
        for card, my_line in offer_turns(talk):
            if first_offer:
                first_offer = False
                for x in card:
                    talk.send(f"take {card} as {x}")
                    talk.send(f"take {card} as {x} with Q")
            elif inside := inside_letters(card, my_line):
                talk.send(f"take {card} as {inside[0]}")
                talk.send(f"take {card} as {inside[0]} with {my_line[0]}")
                talk.send("take EW as E" if card != "EW" else "take AM as A")
                break
            talk.send("1")
        talk.finish()
    finally:
        talk.kill()
    return [line for line in talk.lines if line.startswith("Refused")]


def test_refusals_fit_on_80_columns() -> None:
    lines = refusals()
    assert len(lines) > 5
    assert too_long(lines) == []


def test_refusals_spell_out_line_letters_like_events_do() -> None:
    lines = refusals()
    named = [
        m for line in lines if (m := re.search(r"your line ([A-Z][A-Z ]*?)(?: is| has|:|\.)", line))
    ]
    assert named, lines
    for m in named:
        assert re.fullmatch(r"[A-Z](?: [A-Z])+", m[1]), m.string


# --- the command line -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((*PLAY, "--players", "9"), ["9", "2", "5"]),
        (("play", "nosuchgame"), ["nosuchgame", "alphabeticell"]),
        ((*PLAY, "--option", "foo=1"), ["foo", "target"]),
        ((*PLAY, "--option", "target=abc"), ["target", "abc", "5", "200"]),
        ((*PLAY, "--option", "target=1"), ["target", "5", "200"]),
        ((*PLAY, "--option", "target"), ["target", "NAME=VALUE"]),
        ((*PLAY, "--humans", "4"), ["4", "1", "3"]),
        ((*PLAY, "--bots", "genius"), ["genius", "random", "sensible"]),
        (("simulate", "alphabeticell", "--games", "0"), ["0"]),
        (("tournament", "alphabeticell", "--bots", "sensible,nobody"), ["nobody", "sensible"]),
        (("cards", "nosuchgame"), ["alphabeticell"]),
    ],
    ids=[
        "players9",
        "unknown-game",
        "unknown-option",
        "option-not-a-number",
        "option-out-of-range",
        "option-without-value",
        "humans",
        "bot-level",
        "games0",
        "tournament-level",
        "cards-unknown-game",
    ],
)
def test_a_bad_command_line_says_what_is_accepted(args: tuple[str, ...], words: list[str]) -> None:
    result = run(*args, input="")
    assert result.rc != 0
    assert result.out == ""
    assert "Traceback" not in result.err
    message = result.err.strip()
    assert len(message.splitlines()) == 1, message
    for word in words:
        assert re.search(rf"(?<![\w=]){re.escape(word)}(?![\w=])", message), (word, message)


# --- hot seat ---------------------------------------------------------------------


def test_hot_seat_asks_for_ready_before_showing_dealt_cards() -> None:
    args = (*PLAY, "--seed", "3", "--humans", "2")
    plain = run(*args, input="ready\n").lines
    stubborn = run(*args, input="1\nkeep IF\nmoves\nready\n").lines
    at, extra = inserted(plain, stubborn)
    assert len(extra) == 3, extra
    assert all("ready" in line for line in extra)
    ready = next(i for i, line in enumerate(stubborn) if AT_KEYBOARD.match(line))
    assert at < ready
    dealt = [i for i, line in enumerate(stubborn) if DEALT.match(line)]
    assert dealt and min(dealt) > ready
    # Without ready, nothing private is ever shown.
    refused = run(*args, input="1\n" * 10).lines
    assert not any(DEALT.match(line) for line in refused)


def check_dealt_cards_stay_private(lines: list[str], humans: int) -> None:
    starts = [i for i, line in enumerate(lines) if ROUND_START.match(line)]
    assert starts
    for round_no, start in enumerate(starts):
        end = starts[round_no + 1] if round_no + 1 < len(starts) else len(lines)
        dealt = [i for i in range(start, end) if DEALT.match(lines[i])]
        assert len(dealt) == humans, f"round {round_no + 1}: {len(dealt)} dealt lines"
        owners = []
        for i in dealt:
            cards = DEALT.match(lines[i])["cards"].split(", ")  # type: ignore[index]
            holder = next(m["who"] for j in range(i, -1, -1) if (m := AT_KEYBOARD.match(lines[j])))
            owners.append(holder)
            keep = next(
                m for j in range(i, end) if (m := KEEP.match(lines[j])) and m["who"] == holder
            )
            assert keep["card"] in cards, f"{holder} was shown someone else's cards"
            earlier = " ".join(lines[start:i])
            for card in cards:
                assert not re.search(rf"\b{card}\b", earlier), f"{card} shown before ready"
        assert len(set(owners)) == humans


@pytest.mark.parametrize(
    ("players", "humans", "seed"), [(3, 2, 3), (4, 3, 9)], ids=["2of3", "3of4"]
)
def test_hot_seat_never_shows_dealt_cards_before_their_players_ready(
    players: int, humans: int, seed: int
) -> None:
    args = (*PLAY, "--seed", str(seed), "--players", str(players), "--humans", str(humans))
    game = play_game(args, first_move)
    assert_clean_exit(game.rc, game.err)
    assert GAME_OVER.search(game.lines[-1])
    check_dealt_cards_stay_private(game.lines, humans)
    assert "ready" in game.sent


def test_hot_seat_history_does_not_show_another_players_dealt_cards() -> None:
    args = (*PLAY, "--seed", "3", "--humans", "2")
    script = "ready\n1\nready\n"
    plain = run(*args, input=script).lines
    asked = run(*args, input=script + "history\n").lines
    _, history = inserted(plain, asked)
    first_dealt = next(DEALT.match(line) for line in plain if DEALT.match(line))
    holder = next(m["who"] for line in plain if (m := AT_KEYBOARD.match(line)))
    kept = next(m["card"] for line in plain if (m := KEEP.match(line)) and m["who"] == holder)
    hidden = [c for c in first_dealt["cards"].split(", ") if c != kept]  # type: ignore[index]
    assert len(history) > 2
    shown = " ".join(history)
    assert not [card for card in hidden if re.search(rf"\b{card}\b", shown)]


# --- end of input -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "script"),
    [
        ((*PLAY, "--seed", "3"), ""),
        ((*PLAY, "--seed", "3"), "1\n1\n"),
        ((*PLAY, "--seed", "3"), "1\nquit\n"),
        ((*PLAY, "--seed", "3", "--humans", "2"), ""),
        ((*PLAY, "--seed", "3", "--humans", "2"), "ready\n1\n"),
        ((), ""),
        ((), "\n\n\n"),
    ],
    ids=["at-pick", "at-offer", "at-quit", "at-ready", "hotseat", "menu", "menu-level"],
)
def test_end_of_input_ends_cleanly_with_a_message(args: tuple[str, ...], script: str) -> None:
    result = run(*args, input=script)
    assert_clean_exit(result.rc, result.err)
    assert ends_on_input_ended(result.lines), result.lines[-3:]
    assert sum(bool(INPUT_ENDED.search(line)) for line in result.lines) == 1


def test_quit_asks_first_and_anything_but_yes_plays_on() -> None:
    args = (*PLAY, "--seed", "3")
    table = run(*args, input="table\n").lines
    kept = run(*args, input="quit\nno\ntable\n").lines
    _, said = inserted(table, kept)
    assert len(said) == 2
    quit_ = run(*args, input="quit\nyes\n" + ONES)
    assert_clean_exit(quit_.rc, quit_.err)
    assert quit_.lines[-2] == said[0]
    assert not any(GAME_OVER.search(line) for line in quit_.lines)


# --- the menu -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "typed", "answer"),
    [
        ("nonesuch", "bid", '"bid" is not a move. You may: bid Some, bid Most or bid None.'),
        ("alphabeticell", "take", '"take" is not a move. You may: keep OL, keep NY or keep EL.'),
    ],
)
def test_a_bare_verb_plays_nothing_and_lists_what_it_could_mean(
    game: str, typed: str, answer: str
) -> None:
    result = run("play", game, "--seed", "5", "--plain", input=f"{typed}\nquit\nyes\n")
    assert answer in result.lines
    assert not any(line.startswith(("You bid", "You keep")) for line in result.lines)


@pytest.mark.parametrize(
    ("game", "option", "said"),
    [
        ("alphagon", "target=0", "target set by the number of players"),
        ("nonesuch", "hands=0", "no hand limit"),
        ("nonesuch", "hands=9", "at most 9 hands"),
        ("letters", "turns=40", "final turns after 40 turns each"),
        ("consonants", "pass=0", "no passing"),
        ("consonants", "openpiles=on", "taken piles face up"),
        ("letters", "autocheck=off", "words checked by challenges only"),
        ("letters", "challenges=end", "challenges after the final turns"),
        ("letters", "singles=on", "a lone card such as THE is a word"),
    ],
)
def test_an_option_whose_name_and_value_would_not_explain_it_is_said_in_words(
    game: str, option: str, said: str
) -> None:
    """A zero that means something, a switch, a choice: "taken piles face up",
    not "openpiles on" (issue 31)."""
    result = run("play", game, "--option", option, "--plain", input="quit\nyes\n")
    assert result.lines[1].startswith("Options: ")
    assert said in " ".join(line for line in result.lines if line.startswith("Options: "))


@pytest.mark.parametrize("bots", ["sensible", "strong"])
def test_the_strong_bots_search_is_said_only_when_a_strong_bot_plays(bots: str) -> None:
    """ "think 200, samples by think time" meant nothing, and nothing at all
    against sensible bots: said in words, and only when it counts."""
    result = run("play", "consonants", "--bots", bots, "--plain", input="quit\nyes\n")
    options = " ".join(line for line in result.lines if line.startswith("Options: "))
    assert "target 150" in options and "samples" not in options
    assert not re.search(r"think \d+[.,]", options)
    strong = "strong bots think 200 milliseconds" in options
    assert strong == (bots == "strong")
    assert ("as many deals tried as time allows" in options) == strong


def test_a_pasted_wall_of_text_at_the_menu_is_refused_and_the_menu_goes_on() -> None:
    result = run("--plain", input="x" * 5000 + "\nquit\n")
    assert_clean_exit(result.rc, result.err)
    assert "Too long: that line has 5,000 characters; commands have at most 200." in result.lines


def test_a_prefix_shared_by_two_games_names_both_and_asks_again() -> None:
    result = run("--plain", input="ALPHA\nquit\n")
    assert '"ALPHA" could be alphabeticell or alphagon: type more or a number.' in result.out
    assert result.out.count("Choose a game:") == 1


PLAYING_AS = re.compile(r"(?:You play seat 1|(?P<humans>\d+) players at this keyboard)")


@pytest.mark.parametrize(
    ("script", "players", "humans"),
    [
        ("1\n3\n1\n2\n", 3, 1),
        ("alphabeticell\n4\n1\nrandom\n", 4, 1),
        ("ALPHA\nALPHAB\n5\n2\nr\n", 5, 2),
        ("\n\n\n\n", 3, 1),
        ("\n2\n2\n", 2, 2),
    ],
    ids=["numbers", "names", "prefixes", "defaults", "no-bots"],
)
def test_the_menu_sets_up_a_game_that_is_then_played(
    script: str, players: int, humans: int
) -> None:
    game = play_game((), first_move, script=script.splitlines())
    assert_clean_exit(game.rc, game.err)
    lines = game.lines
    header = next(i for i, line in enumerate(lines) if HEADER.match(line))
    assert int(HEADER.match(lines[header])["players"]) == players  # type: ignore[index]
    playing = next(m for line in lines[header : header + 4] if (m := PLAYING_AS.search(line)))
    assert int(playing["humans"] or 1) == humans
    assert GAME_OVER.search(lines[-1])
    assert not any(line.startswith("No choice") for line in lines[:header])
    check_game(lines[header:], players, humans)


def test_the_menu_explains_a_bad_answer_in_one_line_and_asks_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    good = run(input="\n\n\n\n").lines
    monkeypatch.setenv("SIXDOT_SAVES", str(tmp_path))  # the game just left is not offered
    bad = run(input="x\n9\n\n7\nfive\n\n\nsuper\n\n").lines
    menu_good = good[: next(i for i, line in enumerate(good) if HEADER.match(line))]
    menu_bad = bad[: next(i for i, line in enumerate(bad) if HEADER.match(line))]
    extra = [line for line in menu_bad if line not in menu_good]
    assert len(menu_bad) == len(menu_good) + 5
    assert len(extra) == 5
    for typed, line in zip(["x", "9", "7", "five", "super"], extra, strict=True):
        assert f'"{typed}"' in line
    assert re.search(r"\b2\b.*\b5\b", extra[2])


# --- accessibility of every printed line ----------------------------------------------


def session_lines() -> dict[str, list[str]]:
    """Output of a few whole games and of every command, by source."""
    # rules is checked on its own (test_rules_lines_fit_on_80_columns).
    commands = "".join(f"{c}\n" for c in command_names() if c not in ("quit", "rules"))
    out: dict[str, list[str]] = {}
    for players, verbosity in ((2, "brief"), (3, "full"), (5, "full")):
        result = run(
            "--verbosity",
            verbosity,
            *PLAY,
            "--seed",
            str(30 + players),
            "--players",
            str(players),
            input=(commands + "1\n") * 3 + ONES,
        )
        out[f"{players} players {verbosity}"] = result.lines
    hot = run(*PLAY, "--seed", "5", "--humans", "2", input="ready\n" + commands + "quit\nyes\n")
    out["hot seat commands"] = hot.lines
    out["hot seat"] = play_game((*PLAY, "--seed", "6", "--humans", "3"), first_move).lines
    late = run(*PLAY, "--seed", "12", input="1\n" + "pass\n" * 40 + commands)
    out["late in a round"] = late.lines
    out["menu"] = run(input="x\n\n9\n\n\n\n").lines
    out["cards"] = run("cards", "alphabeticell", "--braille").lines
    return out


def test_printed_lines_have_no_box_drawing_escapes_or_long_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    by_source = session_lines()
    everything = [line for lines in by_source.values() for line in lines]
    assert len(everything) > 3000
    assert unreadable(everything) == []
    assert not any("\x1b" in line or "\r" in line for line in everything)
    assert too_long(everything) == []
    assert not [line for line in everything if line != line.strip()]
    long_lists = sorted({line for line in everything if len(line) > 80 and is_list(line)})
    with capsys.disabled():
        for line in long_lists[:5]:
            print(f"\nlist line over 80 ({len(line)}): {line}")


def test_rules_print_plain_text() -> None:
    result = run("rules", "alphabeticell")
    assert_clean_exit(result.rc, result.err)
    assert result.lines and result.lines[0].startswith("Alphabeticell")
    assert unreadable(result.lines) == []
    assert not [line for line in result.lines if re.match(r"^\s*(#|[-*] )|`|\*\*", line)]


def test_rules_explain_the_game() -> None:
    lines = run("rules", "alphabeticell").lines
    text = " ".join(lines)
    assert len(lines) >= 8
    for fact in ("11", "30", "pass", "take"):
        assert re.search(rf"\b{fact}\b", text), fact


def test_rules_lines_fit_on_80_columns() -> None:
    assert too_long(run("rules", "alphabeticell").lines) == []


# --- tools: simulate, tournament, cards ----------------------------------------------------


def test_simulate_json_is_reproducible_one_object_per_game() -> None:
    args = ("simulate", "alphabeticell", "--games", "20", "--seed", "4")
    first, second = run(*args, "--json"), run(*args, "--json")
    assert first.rc == second.rc == 0
    assert "Traceback" not in first.err
    assert first.out == second.out
    games = [json.loads(line) for line in first.lines]
    assert len(games) == 20
    assert len({g["seed"] for g in games}) == 20
    for game in games:
        assert {"seed", "scores", "winners"} <= set(game)
        scores, winners = game["scores"], game["winners"]
        assert len(scores) == 3 and max(scores) >= 30
        assert winners == [s for s, v in enumerate(scores) if v == max(scores)]
    # Game k of a run is the game its own seed plays alone.
    later = run(
        "simulate", "alphabeticell", "--games", "2", "--json", "--seed", str(games[5]["seed"])
    )
    assert later.lines == first.lines[5:7]
    # The summary of the first games agrees with them, ties shared.
    summary = run("simulate", "alphabeticell", "--games", "6", "--seed", "4")
    wins = [0.0, 0.0, 0.0]
    for game in games[:6]:
        for seat in game["winners"]:
            wins[seat] += 1 / len(game["winners"])
    seat_line = re.compile(r"^Seat (\d)\b.*?\b(?:won ([\d.]+)|([\d.]+) wins?)\b")
    said = [float(m[2] or m[3]) for line in summary.lines if (m := seat_line.match(line))]
    assert said == [pytest.approx(w, abs=0.05) for w in wins]
    assert unreadable(summary.lines) == [] and too_long(summary.lines) == []


def test_tournament_prints_a_win_rate_with_an_interval_per_level() -> None:
    args = ("tournament", "alphabeticell", "--bots", "sensible,random", "--games", "30")
    result = run(*args, "--seed", "1")
    assert_clean_exit(result.rc, result.err)
    level_line = re.compile(
        r"^(?P<level>\w+): win rate (?P<rate>[\d.]+)%, 95% interval "
        r"(?P<low>[\d.]+) to (?P<high>[\d.]+)%"
    )
    rates = {}
    for line in result.lines:
        if m := level_line.match(line):
            low, rate, high = float(m["low"]), float(m["rate"]), float(m["high"])
            assert 0 <= low <= rate <= high <= 100, line
            assert high > low
            rates[m["level"]] = rate
    assert set(rates) == {"sensible", "random"}
    assert unreadable(result.lines) == [] and too_long(result.lines) == []
    assert rates["sensible"] > rates["random"]


def test_cards_lists_the_48_card_deck_with_the_rules_letter_counts() -> None:
    result = run("cards", "alphabeticell")
    assert_clean_exit(result.rc, result.err)
    card_line = re.compile(r"^(?P<face>[A-Z]{2}): (?:one card|(?P<n>\d+) cards), 1 point\.$")
    cards = [m for line in result.lines if (m := card_line.match(line))]
    assert len(result.lines) == len(cards) + 1
    assert "48" in result.lines[0]
    counts = Counter()
    for m in cards:
        for letter in m["face"]:
            counts[letter] += int(m["n"] or 1)
    assert sum(int(m["n"] or 1) for m in cards) == 48
    assert dict(counts) == LETTER_COUNTS


def test_cards_braille_shows_each_card_in_braille_cells() -> None:
    plain = run("cards", "alphabeticell").lines
    result = run("cards", "alphabeticell", "--braille")
    assert_clean_exit(result.rc, result.err)
    lines = result.lines
    assert lines[0] == plain[0]
    assert len(lines) == 1 + 3 * (len(plain) - 1)
    for k, card in enumerate(plain[1:]):
        face_line, cells, value = lines[1 + 3 * k : 4 + 3 * k]
        assert face_line == card
        for braille in (cells, value):
            assert braille and all("\u2800" <= ch <= "\u28ff" for ch in braille), braille
        face = card[:2]
        assert cells == FOR_SIGN + "".join(BRAILLE_LETTERS[x] for x in face)
        points = re.search(r"(\d+) points?", card)
        assert points
        assert value == NUMBER_SIGN + "".join(BRAILLE_DIGITS[d] for d in points[1])


@pytest.mark.parametrize("game", sorted(playable()))
def test_hand_braille_shows_each_held_card_as_the_deck_list_does(game: str) -> None:
    deck = run("cards", game, "--braille").lines[1:]
    # The deck list is a name line, then the face cells and the value cells.
    deck_cells = set(zip(deck[1::3], deck[2::3], strict=True))
    result = run("play", game, "--seed", "4", "--plain", input="hand --braille\nquit\nyes\n")
    assert_clean_exit(result.rc, result.err)
    lines = result.lines
    title = next(i for i, line in enumerate(lines) if line.startswith("Your cards in braille, "))
    count = int(re.search(r"(\d+) cards", lines[title])[1])  # type: ignore[index]
    shown = lines[title + 1 : title + 1 + 3 * count]
    assert count > 0
    for name, face, value in zip(shown[::3], shown[1::3], shown[2::3], strict=True):
        assert not name.startswith(FOR_SIGN), name
        assert (face, value) in deck_cells, (name, face, value)


def test_hand_with_an_unknown_word_says_what_it_takes() -> None:
    result = run(*PLAY, "--seed", "4", input="hand sideways\nquit\nyes\n")
    assert 'hand takes nothing or --braille, not "sideways".' in result.lines


@pytest.mark.parametrize(
    "args",
    [("cards", "alphabeticell", "--braille"), (*PLAY, "--seed", "3")],
    ids=["cards", "play"],
)
def test_a_closed_output_pipe_ends_without_a_traceback(args: tuple[str, ...]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [*sixdot_command(), *args],
            input=b"1\n" * 50,
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=30,
            env=pipe_env(),
        )
    finally:
        os.close(write_end)
    assert b"Traceback" not in proc.stderr, proc.stderr.decode()[-300:]
