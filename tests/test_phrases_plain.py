"""Every phrase is said plainly (issue 31, "Said plainly").

A listener hears each line once, through a screen reader or speech, so the
words themselves must not trip the voice up. This reads every message in
`speech/en/*.ftl` (its value and each attribute, such as `.brief`) and every
wording a selector can choose, and fails on:

- a slash between letters or placeables (`A/E`, `{ $a }/{ $b }`): read aloud
  as "A slash E" or as a path;
- a fraction-like `N/N` (`1/3`): read as a fraction or a date;
- a bare number or placeable right after a player's name, with no word or
  pause between (`{ $player } { $total }:` is heard "Ana 5", or "Player 2 4"),
  and "You" run into a number the same way;
- nested brackets, which a voice reads aloud as "bracket" or loses track of.

A wording is checked as text: each variable stands as `{$name}`, a message or
term referred to as `{name}`, a string literal as its text. Each selector's
variants are expanded (every combination, up to a bound), so a line such as
"You { $total }" built from `{ $you -> [yes] You ... } { $total }` is seen.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax.ast import (
    FunctionReference,
    Junk,
    Message,
    MessageReference,
    NumberLiteral,
    Pattern,
    Placeable,
    SelectExpression,
    StringLiteral,
    Term,
    TermReference,
    TextElement,
    VariableReference,
)

from sixdot.core import NotationError
from sixdot.games.consonants.cards import by_face
from sixdot.games.consonants.present import ConsonantsPresenter
from sixdot.games.consonants.rules import RULES, Phase, State
from sixdot.games.consonants.tricks import Played
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.resources import shared_dir

FILES = sorted((shared_dir("speech") / "en").glob("*.ftl"))
#: At most this many wordings are expanded for one pattern (every phrase today
#: has far fewer; the bound only keeps a future phrase from running away).
MOST_WORDINGS = 4096
#: Variables that hold a player's name (or names): a number straight after one
#: runs into it. (`$name` is a card's name in Nonesuch, so it is not here.)
NAMES = {
    "player",
    "players",
    "names",
    "owner",
    "dealer",
    "winner",
    "winners",
    "winning",
    "leader",
    "picker",
    "placer",
    "declarer",
    "challenger",
}
#: Phrases that are not spoken, and why. Empty today: every phrase is heard.
EXEMPT: dict[str, str] = {}

SLASH = re.compile(r"(?<=[A-Za-z}])\s*/\s*(?=[A-Za-z{])")
FRACTION = re.compile(r"\d\s*/\s*\d")
RUN_ON = re.compile(
    r"(\{\$(?:" + "|".join(sorted(NAMES)) + r")\}|\b[Yy]ou)[ \t]+(\{\$[a-z_]+\}|\d)"
)


def _wordings(node: object) -> Iterator[str]:
    """Each text `node` can say, variables as `{$name}`."""
    if isinstance(node, Pattern):
        parts = [list(_wordings(element)) for element in node.elements]
        for combination in itertools.islice(itertools.product(*parts), MOST_WORDINGS):
            yield "".join(combination)
    elif isinstance(node, TextElement):
        yield node.value
    elif isinstance(node, Placeable):
        yield from _wordings(node.expression)
    elif isinstance(node, SelectExpression):
        for variant in node.variants:
            yield from _wordings(variant.value)
    elif isinstance(node, VariableReference):
        yield "{$" + node.id.name + "}"
    elif isinstance(node, StringLiteral):
        yield node.parse()["value"]
    elif isinstance(node, NumberLiteral):
        yield node.value
    elif isinstance(node, MessageReference | TermReference):
        yield "{" + node.id.name + "}"
    elif isinstance(node, FunctionReference):
        yield "{" + node.id.name + "()}"
    else:
        raise AssertionError(f"unexpected Fluent node {type(node).__name__}")


def _phrases() -> Iterator[tuple[str, str]]:
    """Each (`file: message.attribute`, wording) in the English phrasebook."""
    for path in FILES:
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            assert not isinstance(entry, Junk), f"{path.name}: not valid Fluent"
            if not isinstance(entry, Message | Term) or entry.id.name in EXEMPT:
                continue
            patterns = [(entry.id.name, entry.value)] + [
                (f"{entry.id.name}.{a.id.name}", a.value) for a in entry.attributes
            ]
            for where, pattern in patterns:
                if pattern is None:
                    continue
                for wording in dict.fromkeys(_wordings(pattern)):
                    yield f"{Path(path).name}: {where}", wording


def _nested(text: str) -> bool:
    """Whether a bracket opens inside another."""
    depth = 0
    for char in text:
        if char in "([":
            depth += 1
            if depth > 1:
                return True
        elif char in ")]":
            depth = max(0, depth - 1)
    return False


def _faults(wording: str) -> list[str]:
    faults = []
    if FRACTION.search(wording):
        faults.append("fraction")
    elif SLASH.search(wording):
        faults.append("slash between letters")
    if RUN_ON.search(wording):
        faults.append("number run into a name")
    if _nested(wording):
        faults.append("nested brackets")
    return faults


def test_phrasebook_found() -> None:
    assert {p.name for p in FILES} >= {"common.ftl", "consonants.ftl", "online.ftl"}
    assert sum(1 for _ in _phrases()) > 1000


@pytest.mark.parametrize(
    ("wording", "faults"),
    [
        ("{$first}/{$second}", ["slash between letters"]),
        ("pass A/E", ["slash between letters"]),
        ("{$count}/{$wanted} chosen", ["slash between letters"]),
        ("1/3 Dealt", ["fraction"]),
        ("{$player} {$total}: 3 cards", ["number run into a name"]),
        ("You {$total}: 3 cards", ["number run into a name"]),
        ("Player 2 4", []),  # the name is a variable; its number is the test above
        ("Ana (seat 2 (you))", ["nested brackets"]),
        ("{$player}, {$total} points: 3 cards", []),
        ("you lead { $card }", []),
        ("1 of 3, A over E, either/or", ["slash between letters"]),
        ("95% interval, 4+ letters, (a note) [and one]", []),
    ],
)
def test_the_checks_themselves(wording: str, faults: list[str]) -> None:
    assert _faults(wording) == faults


def test_every_phrase_is_plain() -> None:
    found: dict[tuple[str, str], str] = {}
    for where, wording in _phrases():
        for fault in _faults(wording):
            found.setdefault((where, fault), wording.strip())
    assert not found, f"{len(found)} phrases not plain:\n" + "\n".join(
        f"{where}: {fault}, as {wording!r}" for (where, fault), wording in found.items()
    )


# -- Consonants: one name for a card, and counts of cards (issue 31) --

NAMES_AT_TABLE = ["you", "Ana", "Ben", "Cleo"]
VOWEL_NOTATION = re.compile(r"\b[A-Z]/[A-Z]\b")


def _consonants(verbosity: Verbosity = Verbosity.FULL) -> ConsonantsPresenter:
    return ConsonantsPresenter(Phrasebook(verbosity=verbosity), NAMES_AT_TABLE, 0)


def _leading(faces: str) -> State:
    """Trick 1 with the lead yours, holding these cards."""
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    hand = tuple(sorted((by_face()[f] for f in faces.split()), key=lambda c: c.order))
    return replace(state, hands=(hand, (), (), ()), trick=(), turn=0, lead_j=False)


@pytest.mark.parametrize("verbosity", [Verbosity.FULL, Verbosity.BRIEF], ids=lambda v: v.value)
def test_consonants_names_a_vowel_card_one_way_and_it_types_back(verbosity: Verbosity) -> None:
    """`moves`, the turn and a refusal name a vowel card as the hand does
    (`A over E`, brief `AE`), never `A/E`; a listed move typed back is that move."""
    say = _consonants(verbosity)
    vowel = say.card(by_face()["A/E"])
    assert vowel == ("A over E" if verbosity is Verbosity.FULL else "AE")
    state = RULES.new_game(4, seed=5)  # passing, a hand with vowel cards
    assert isinstance(state, State) and state.phase is Phase.PASS
    view = state.view(0)
    legal = say.in_order(view, state.legal_actions(0))
    lines = [*say.moves(view, legal), *say.turn(view, legal)]
    assert any(" over " in line or re.search(r"\b[AEIOU]{2}\b", line) for line in lines)
    for action in legal:
        assert RULES.parse_action(say.move(action, view)) == action
    played = _leading("A/E A/E I/O T T B")
    lines = [
        *say.turn(played.view(0), played.legal_actions(0)),
        *say.moves(played.view(0), played.legal_actions(0)),
    ]
    led = replace(played, trick=(Played(1, by_face()["E/O"], "E"),))
    refused = led.refusal(0, RULES.parse_action("play T"))  # E led: A over E must follow
    assert refused is not None and refused.key == "refuse-con-follow"
    lines.append(say.refusal(refused))
    assert lines[-1].endswith(f"play {vowel} as E.")
    assert vowel in " ".join(lines)
    assert not [line for line in lines if VOWEL_NOTATION.search(line) or "?" in line]


@pytest.mark.parametrize("typed", ["play a as e", "play q as e", "fly away"])
def test_consonants_notation_errors_name_cards_as_the_lines_do(typed: str) -> None:
    """What a mistyped move was expected to be names a vowel card `A over E`
    and a wild `wild`, as every line does, and the example typed back parses."""
    with pytest.raises(NotationError) as raised:
        RULES.parse_action(typed)
    expected = raised.value.expected
    assert not VOWEL_NOTATION.search(expected) and "?" not in expected, expected
    for example in re.findall(r"play [A-Z] over [A-Z] as [A-Z]|play wild as [A-Z]", expected):
        assert RULES.parse_action(example).notation.startswith("play ")


def test_consonants_counts_the_cards_it_lists() -> None:
    """ "You may play 6 cards" holds six cards (two of a kind said once, "twice"),
    and a group too long for a line says its heading once, then goes on."""
    say = _consonants()
    state = _leading("A/E A/E A/I A/U E/O I/O I/U O/U B C D F G H K T T ? ?")
    lines = say.turn(state.view(0), state.legal_actions(0))
    assert "You may play 19 cards:" in lines
    # Too long for a display as one line: in runs of letters, each a line.
    assert "Consonants B to K: B, C, D, F, G, H, K." in lines
    assert "Consonants T: T twice." in lines
    assert "Wild, 2 cards, as any letter." in lines
    vowels = [line for line in lines if line.startswith("Vowels")]
    assert vowels == ["Vowels, 8 cards: A over E twice as A or E."]
    more = lines[lines.index(vowels[0]) + 1 :][:3]
    assert all(line.startswith("More: ") for line in more)


def test_alphabeticell_names_the_dealt_cards_once() -> None:
    """The deal names the cards; the pick that follows says what to do with
    them, not the cards again; `hand` names them when asked."""
    from sixdot.games.alphabeticell.present import AlphabeticellPresenter
    from sixdot.games.alphabeticell.rules import RULES as ABC
    from sixdot.games.alphabeticell.rules import CardsDealt as AbcDealt

    state = ABC.new_game(2, seed=3)
    say = AlphabeticellPresenter(Phrasebook(), ["you", "Ana"], 0)
    view = state.view(0)
    cards = ", ".join(say.card(c) for c in view.hand)
    assert say.event(AbcDealt(0, view.hand)) == [f"Dealt to you: {cards}."]
    assert say.turn(view, state.legal_actions(0)) == ["Your pick: keep one to start your line."]
    assert cards in say.hand(view)[0]


def test_nonesuch_says_a_bid_made_once() -> None:
    """ "Ana has 1 trick for a bid of Some." then "Ana has made Some.", not
    the tricks again; a bid decided without that tally still says them."""
    from sixdot.games.nonesuch.cards import find_card
    from sixdot.games.nonesuch.present import NonesuchPresenter
    from sixdot.games.nonesuch.rules import Bid, BidDecided, TrickWon

    say = NonesuchPresenter(Phrasebook(), NAMES_AT_TABLE, 0)
    pact = find_card("Pact")
    assert pact is not None
    assert say.event(TrickWon(1, pact, 4, 1, Bid.SOME)) == [
        "Ana takes trick 4 with Pact.",
        "Ana has 1 trick for a bid of Some.",
    ]
    assert say.event(BidDecided(1, Bid.SOME, True, 1)) == ["Ana has made Some."]
    assert say.event(BidDecided(2, Bid.MOST, False, 2)) == [
        "Ben can no longer make Most: 2 tricks."
    ]
    assert say.event(BidDecided(1, Bid.SOME, True, 1)) == ["Ana has made Some: 1 trick."]


def test_numbers_are_labelled_and_counted_in_words() -> None:
    """A total after a name says what it is; one is singular; a place in a
    group is "1 of 3", never "1/3"."""
    full, brief = Phrasebook(), Phrasebook(verbosity=Verbosity.BRIEF)
    args = {"you": "no", "player": "Player 2", "score": 4, "letters": 1, "bonuses": 1}
    assert full("agn-table-player", **args) == "Player 2, 4 points: 1 letter, 1 bonus."
    place = {"item": "TM", "group_place": 1, "group_count": 3, "group": "Dealt"}
    assert brief("focus-place-group", **place) == "TM; 1 of 3 Dealt"
    picked = {"item": "Some", "count": 1, "wanted": 3}
    assert brief("focus-picked", **picked) == "Some in, 1 of 3"
