"""Consonants in words: announcements, the turn, picking cards to pass by keys,
and the review commands (trick, previous, taken, singletons, words)."""

from __future__ import annotations

import re
from dataclasses import replace

from clienttools import run
from sixdot.games.consonants.cards import by_face
from sixdot.games.consonants.present import ConsonantsPresenter
from sixdot.games.consonants.rules import (
    RULES,
    CardPlayed,
    CardsDealt,
    Direction,
    FirstLead,
    Laid,
    PassStarted,
    Phase,
    Pick,
    State,
)
from sixdot.games.consonants.tricks import Played
from sixdot.present.phrasebook import Phrasebook, Verbosity

C = by_face()
NAMES = ["you", "Ana", "Ben", "Cleo"]


def presenter() -> ConsonantsPresenter:
    return ConsonantsPresenter(Phrasebook(), NAMES, 0)


def passing() -> State:
    state = RULES.new_game(4, seed=5)
    assert isinstance(state, State) and state.phase is Phase.PASS
    return state


def test_cards_are_said_by_their_speech_names() -> None:
    say = presenter()
    assert say.card(C["Q"]) == "Q"
    assert say.card(C["A/E"]) == "A over E"
    assert say.card(C["?"]) == "wild"
    assert say.event(CardPlayed(1, C["?"], "T", True)) == ["Ana plays wild as T."]
    assert say.event(CardPlayed(0, C["A/E"], "E", True)) == ["You play A over E as E."]


def test_passing_is_picked_with_space_and_sent_as_one_typed_move() -> None:
    state = passing()
    view = state.view(0)
    say = presenter()
    assert say.selection(view, state.legal_actions(0)) == ("pass", 4)
    items = say.focus(view, state.legal_actions(0))
    tokens = [item.pick for item in items[:4]]
    typed = RULES.parse_action("pass " + " ".join(tokens))
    assert state.can(0, typed)
    after, _ = state.apply(0, typed)
    assert 0 not in after.to_act()


def test_the_moves_list_for_passing_is_one_line_a_card() -> None:
    state = passing()
    legal = state.legal_actions(0)
    assert len(legal) == len(set(state.hands[0]))
    assert all(a.notation.startswith("pass ") for a in legal)


def test_the_turn_names_the_trick_and_the_plays() -> None:
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    state = replace(
        state,
        hands=(tuple(sorted((C["R"], C["T"], C["B"], C["?"]))), (), (), ()),
        trick=(Played(2, C["P"], "P"), Played(3, C["R"], "R")),
        turn=0,
        lead_j=False,
        trick_number=4,
    )
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    # Each card played was just said as it came: the turn names the winner only.
    assert lines == [
        "Trick 4, P led: Cleo is ahead with R.",
        "You may play: R, T, wild as P, R to Z.",
    ]
    assert presenter().commands()["trick"](state.view(0), "") == [
        "Trick 4, P led: Cleo is ahead with R.",
        "Played: P by Ben, R by Cleo.",
    ]
    # Brief keeps who is winning, and says the plays one kind a line.
    brief = ConsonantsPresenter(Phrasebook(verbosity=Verbosity.BRIEF), NAMES, 0)
    assert brief.turn(state.view(0), state.legal_actions(0)) == [
        "P led, Cleo winning: R.",
        "Plays, 3 cards:",
        "Consonants 2: R, T.",
        "Wild as P, R to Z.",
    ]


def midhand(**options: object) -> State:
    """Hand 1 in play after two tricks: you took Q B, Ana took Z, you hold K."""
    state = RULES.new_game(4, {"pass": 0, **options}, seed=1)
    assert isinstance(state, State)
    return replace(
        state,
        taken=((C["Q"], C["B"]), (C["Z"],), (), ()),
        tricks_won=(1, 1, 0, 0),
        tricks=((Played(1, C["Z"], "Z"), Played(2, C["A/E"], "A")),),
        hands=((C["K"],), (), (), ()),
        phase=Phase.PLAY,
        trick=(),
        turn=0,
        lead_j=False,
        laid=(Laid(1, "FROG", 6),),
    )


def test_review_commands_answer_from_the_view() -> None:
    state = midhand(openpiles=True)
    commands = presenter().commands()
    view = state.view(0)
    assert commands["taken"](view, "")[:2] == [
        "You: one trick, 23 points.",
        "Ana: one trick, 20 points.",
    ]
    assert commands["previous"](view, "") == [
        "Ana took the last trick with Z: 20 points.",
        "Played: Z by Ana, A over E as A by Ben.",
    ]
    assert commands["players"](view, "") == [
        "You, 0 in all: one card, one trick, 23 points taken.",
        "Ana, 0 in all: 0 cards, one trick, 20 points taken.",
        "Ben, 0 in all: 0 cards, 0 tricks, 0 points taken.",
        "Cleo, 0 in all: 0 cards, 0 tricks, 0 points taken.",
        "Kitty: 2 cards.",
    ]
    assert commands["status"](view, "") == ["Hand 1, target 150. Ana deals.", "Playing trick 1."]
    assert commands["trick"](view, "") == ["Trick 1: your lead."]
    singles = commands["singletons"](view, "")
    assert "K: in your hand." in singles and "Q: taken by you." in singles
    assert "J: not seen yet." in singles
    passed = replace(state, passed=((C["J"],), (), (), ()), hand_no=1).view(0)
    assert "J: you passed it to Ana." in commands["singletons"](passed, "")
    assert commands["words"](view, "") == ["Ana's word FROG: 6 points."]


def test_face_down_piles_are_said_by_their_tricks_only() -> None:
    """The text: "After you take a trick, you place it face down in a pile in
    front of you; you may not examine your pile of taken cards until the
    scoring phase." The table, taken and singletons say how many tricks each
    took, never what is in a pile; the last trick, which everyone saw played,
    is still said whole."""
    say = presenter()
    commands = say.commands()
    view = midhand().view(0)
    assert commands["taken"](view, "") == [
        "You: one trick, face down.",
        "Ana: one trick, face down.",
        "Ben: no tricks.",
        "Cleo: no tricks.",
    ]
    singles = commands["singletons"](view, "")
    assert "K: in your hand." in singles
    assert "Q: out of sight." in singles and "Z: out of sight." in singles
    assert not any("taken" in line or "points" in line for line in say.table(view))
    assert commands["previous"](view, "")[0] == "Ana took the last trick with Z: 20 points."
    # Face down, a player's line has cards and tricks, no points.
    assert commands["players"](view, "")[1] == "Ana, 0 in all: 0 cards, one trick."


def laying(taken: str, laid: tuple[Laid, ...] = ()) -> State:
    """Scoring hand 1, your turn to lay words from the cards you took."""
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    cards = tuple(sorted(C[face] for face in taken.split()))
    return replace(
        state,
        hands=((), (), (), ()),
        taken=(cards, (), (), ()),
        phase=Phase.WORDS,
        turn=0,
        lead_j=False,
        laid=laid,
    )


def test_the_word_turn_says_the_cards_left_and_not_the_best_lay() -> None:
    state = laying("T R P A/E Z T A/O ?")
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    assert lines == [
        "Words of 4+ letters: lay WORDS, or done.",
        "Left for words, 8 cards: A over E, A over O, P, R, T, T, Z, wild.",
    ]


def test_a_resume_at_scoring_says_the_cards_left_once() -> None:
    """The resume says what is left for words (`hand`); its first prompt then
    asks for words alone. Unresumed, the prompt says the cards left."""
    state = laying("T R P A/E Z T A/O ?")
    view, legal, say = state.view(0), state.legal_actions(0), presenter()
    assert say.first_turn(view, legal, hand_said=True) == [
        "Words of 4+ letters: lay WORDS, or done."
    ]
    assert say.first_turn(view, legal) == say.turn(view, legal)


def test_after_a_lay_the_turn_and_hand_list_only_the_cards_still_free() -> None:
    state = laying("T R P A/E Z T A/O ?", (Laid(0, "ZETA", 21),))
    view = state.view(0)
    left = "Left for words, 4 cards: P, R, T, wild."
    assert presenter().turn(view, state.legal_actions(0))[1] == left
    assert presenter().hand(view) == [left]
    done = laying("T R P A/E", (Laid(0, "PERT", 5),))
    assert presenter().hand(done.view(0)) == ["Left for words: no cards."]


def test_a_mistyped_move_is_told_the_forms_of_this_phase_only() -> None:
    state = passing()
    said = presenter().not_a_move("px", state.legal_actions(0))
    assert said == (
        '"px" is not a move. Moves look like: pass CARDS, keep CARD,'
        " as: pass Q X, pass A over E, keep Q."
    )
    # With the text typed the line would pass the longest an answer may be
    # (103 characters): the forms alone, the input line still showing the text.
    said = presenter().not_a_move("play wild", state.legal_actions(0))
    assert said == (
        "Not a move. Moves look like: pass CARDS, keep CARD, as: pass Q X, pass A over E, keep Q."
    )


def test_the_scores_say_after_which_hand_they_stand() -> None:
    state = passing()
    assert presenter().score(state.view(0))[0] == "Scores before hand 1, to 150, lowest wins:"
    third = replace(state, hand_no=3, phase=Phase.PLAY)
    assert presenter().score(third.view(0))[0] == "Scores after hand 2, to 150, lowest wins:"
    over = replace(state, hand_no=3, phase=Phase.OVER)
    assert presenter().score(over.view(0))[0] == "Scores after hand 3, to 150, lowest wins:"


def test_a_listed_play_says_the_card_as_every_line_does_and_can_be_typed_back() -> None:
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    state = replace(
        state,
        hands=((C["A/E"], C["I/U"], C["?"]), (), (), ()),
        trick=(Played(3, C["I/O"], "I"),),
        turn=0,
        lead_j=False,
    )
    said = [presenter().move(a, state.view(0)) for a in state.legal_actions(0)]
    assert said[:2] == ["play I over U as I", "play wild as I"]
    assert RULES.parse_action(said[0]) == state.legal_actions(0)[0]


def holding(faces: str) -> State:
    """Passing in hand 1, your hand these cards."""
    state = passing()
    hand = tuple(sorted(C[face] for face in faces.split()))
    return replace(state, hands=(hand, *state.hands[1:]))


def test_a_long_hand_is_said_by_kind_and_consonants_in_letter_runs() -> None:
    state = holding("A/E A/I E/O B C D F G H K L M N T T ? ?")
    brief = ConsonantsPresenter(Phrasebook(verbosity=Verbosity.BRIEF), NAMES, 0)
    assert brief.hand(state.view(0)) == [
        "Hand, 17:",
        "Vowels 3: AE, AI, EO.",
        "Consonants B-L: B, C, D, F, G, H, K, L.",
        "Consonants M-T: M, N, T, T.",
        "Wild: 2 cards.",
    ]
    # At full verbosity the whole hand fits one answer line, in the same order.
    assert presenter().hand(state.view(0)) == [
        "Your hand, 17 cards: A over E, A over I, E over O,"
        " B, C, D, F, G, H, K, L, M, N, T, T, wild, wild."
    ]


def test_the_keys_walk_the_hand_by_kind_and_every_letter_jumps() -> None:
    state = holding("T A/E ? B I/O")
    items = presenter().focus(state.view(0), state.legal_actions(0))
    assert [(item.group, item.label, item.jump) for item in items] == [
        ("Vowels", "A over E", "AE"),
        ("Vowels", "I over O", "IO"),
        ("Consonants", "B", "B"),
        ("Consonants", "T", "T"),
        ("Wild", "wild", "?"),
    ]


def test_review_command_names_are_not_moves() -> None:
    commands = set(presenter().commands())
    assert {"trick", "previous", "players", "status"} <= commands
    assert not commands & set(RULES.verbs)
    words = Phrasebook()
    assert all(words.has(f"help-con-{name}") for name in commands)


def test_a_vowel_card_is_said_once_with_both_letters_it_may_show() -> None:
    """At a lead, I over O may be played as I or as O: one kind of card, said
    once, with how many are held."""
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    hand = tuple(sorted((C["I/O"], C["I/O"], C["T"]), key=lambda c: c.order))
    state = replace(state, hands=(hand, (), (), ()), trick=(), turn=0, lead_j=False)
    lines = presenter().turn(state.view(0), state.legal_actions(0))
    assert lines[-1] == "You may play: I over O twice as I or O, T."
    led = replace(state, trick=(Played(1, C["E/O"], "O"),))
    assert (
        presenter().turn(led.view(0), led.legal_actions(0))[-1]
        == "You may play: I over O twice as O."
    )


def test_while_passing_the_turn_names_what_to_do_not_the_hand() -> None:
    """The deal (or a resume) says the hand; the prompt after it says only
    what to do, at the first choice and after each card chosen."""
    state = passing()
    say = presenter()
    first = say.turn(state.view(0), state.legal_actions(0))
    assert first[0] == "Pass 4 left to Ana: 4 to choose."
    assert not any(line.startswith(("Your hand", "Vowels", "Consonants")) for line in first)
    card = state.hands[0][-1]
    state, _ = state.apply(0, RULES.parse_action(f"pass {card.face}"))
    again = say.turn(state.view(0), state.legal_actions(0))
    assert not any(line.startswith("Your hand") for line in again)
    assert again[-1].startswith("Type pass and cards, as: pass ")
    assert len(again[-1].removeprefix("Type pass and cards, as: pass ").split()) == 3


def _hand_said(lines: list[str], until: str) -> int:
    """How many times the cards were listed (a run of lines of vowels,
    "More:" and consonants) before the first line starting with `until`."""
    before = lines[: next(i for i, line in enumerate(lines) if line.startswith(until))]
    cards = [re.match(r"(Vowels|More:|Consonants[ ,])", line) is not None for line in before]
    return sum(1 for i, card in enumerate(cards) if card and not (i and cards[i - 1]))


def test_the_hand_is_said_once_at_the_deal_and_once_at_a_resume() -> None:
    """The real program: dealt, the hand is said once before the pass is
    chosen; resumed, once more (the replay says nothing), not twice."""
    first = run("play", "consonants", "--seed", "3", "--plain", input="quit\nyes\n")
    assert first.lines[first.lines.index("Hand 1, Ana deals: 18 each, kitty 2.") + 1] == (
        "You are dealt 18 cards:"
    )
    assert _hand_said(first.lines, "Type pass and cards") == 1
    # How to pass is said once too, by the prompt (a watcher hears the event).
    dealt = first.lines[: first.lines.index("Type pass and cards, as: pass D G L L.")]
    assert [line for line in dealt if line.startswith("Pass ")] == [
        "Pass 4 left to Ana: 4 to choose."
    ]
    watcher = ConsonantsPresenter(Phrasebook(), NAMES, None)
    assert watcher.event(PassStarted(Direction.LEFT, 4)) == ["Pass 4 cards to the left."]
    moved = run("play", "consonants", "--seed", "3", "--plain", input="pass d\nquit\nyes\n")
    assert moved.lines[-1].startswith("Saved: ")
    again = run("resume", "--plain", input="quit\nyes\n")
    resumed = again.lines.index("Resumed after one move. Type history to hear it.")
    assert again.lines[resumed + 1] == "Your hand, 17 cards:"  # D is chosen to pass
    assert _hand_said(again.lines, "Type pass and cards") == 1


def test_numbers_follow_the_hand_as_it_is_said_in_its_groups() -> None:
    """The rules list the cards to pass by letter (A over U, C, G, I over O...);
    the hand is said vowels first. `moves` and a number typed without it
    follow the hand as heard: the second card said is move 2."""
    state = passing()
    me, view = presenter(), state.view(0)
    heard = list(dict.fromkeys(card for _, card in me.grouped(view.hand)))
    rules_order = [a.cards[0] for a in state.legal_actions(0) if isinstance(a, Pick)]
    assert rules_order != heard  # the alphabet would number them otherwise
    legal = me.in_order(view, state.legal_actions(0))
    assert [a.cards[0] for a in legal if isinstance(a, Pick)] == heard
    assert me.moves(view, legal)[2] == f"2. pass {me.card(heard[1])}"


def test_the_first_lead_is_said_once_by_its_play() -> None:
    """The real program: a bot holding J leads it; its play says so, and the
    turn just after it goes straight to the plays (the `turn` command still
    names the lead), not four lines of J, nor two."""
    out = run(
        "play", "consonants", "--seed", "3", "--plain", input="pass D G L L\nturn\nquit\nyes\n"
    )
    start = next(i for i, line in enumerate(out.lines) if line.startswith("Received from"))
    end = out.lines.index("You may play 16 cards:")
    assert out.lines[start + 1 : end] == ["Cleo plays J."]
    assert "Trick 1: Cleo led J." in out.lines[end:]


def test_a_prompt_leaves_out_the_lead_and_the_hand_just_heard() -> None:
    """What the lines before a prompt said is not said again by it: a lone
    lead just played, and, right after the hand was said whole, a list of
    plays that would be the hand again. Unheard, the prompt says both."""
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    hand = tuple(sorted((C["R"], C["T"], C["A/E"], C["?"])))
    led = replace(
        state, hands=(hand, (), (), ()), trick=(Played(3, C["B"], "B"),), turn=0, lead_j=False
    )
    view, legal, say = led.view(0), led.legal_actions(0), presenter()
    full = say.turn(view, legal)
    assert full[0] == "Trick 1: Cleo led B."
    assert say.first_turn(view, legal) == full
    lead = CardPlayed(3, C["B"], "B", False)
    assert say.first_turn(view, legal, [lead]) == full[1:]
    # Leading, right after the deal said the hand, every card may be played.
    lead_now = replace(led, trick=())
    view, legal = lead_now.view(0), lead_now.legal_actions(0)
    dealt = [CardsDealt(0, hand), lead]
    assert say.first_turn(view, legal, dealt) == ["Trick 1: your lead.", "You may play any card."]
    assert say.first_turn(view, legal, hand_said=True)[1:] == ["You may play any card."]
    assert say.first_turn(view, legal) == say.turn(view, legal)  # the hand not said: listed
    brief = ConsonantsPresenter(Phrasebook(verbosity=Verbosity.BRIEF), NAMES, 0)
    assert brief.first_turn(view, legal, hand_said=True)[1:] == ["Any card."]
    # Following, the plays are fewer than the hand: that is news, said.
    said = say.first_turn(led.view(0), led.legal_actions(0), dealt)
    assert said == say.turn(led.view(0), led.legal_actions(0))[1:]


def test_j_in_the_kitty_is_said_and_a_lone_lead_is_one_line() -> None:
    say = presenter()
    assert say.event(FirstLead(2, True)) == ["J is in the kitty: Ben leads any card."]
    assert say.event(FirstLead(2, False)) == []
    state = RULES.new_game(4, {"pass": 0}, seed=1)
    assert isinstance(state, State)
    led = replace(state, trick=(Played(0, C["A/E"], "E"),), turn=1, lead_j=False)
    assert say.commands()["trick"](led.view(0), "") == ["Trick 1: you led A over E as E."]
    assert say.turn(led.view(1), led.legal_actions(1))[0].startswith("Trick 1: ")


def test_the_plays_after_a_deal_or_a_resume_do_not_list_the_hand_again() -> None:
    """The real program: a hand without passing, then the first lead; and a
    game resumed at a lead. Each says the hand once, then "any card"."""
    dealt = run("play", "consonants", "--seed", "5", "--plain", "--option", "pass=0", input="")
    plays = dealt.lines.index("No passing this hand.") + 1
    assert dealt.lines[plays : plays + 3] == [
        "Ben plays J.",
        "Cleo plays Z.",
        "Trick 1, J led: Cleo is ahead with Z.",
    ]
    assert dealt.lines[plays + 3] == "You may play any card."
    args = ("consonants", "--seed", "1", "--players", "3", "--plain")
    run("play", *args, input="1\n" * 8 + "quit\nyes\n")
    again = run("resume", "--plain", input="")
    resumed = again.lines.index("Resumed after 27 moves. Type history to hear them.")
    assert again.lines[resumed + 1].startswith("Your hand, 19 cards: ")
    assert again.lines[resumed + 2 : resumed + 4] == [
        "Trick 6: your lead.",
        "You may play any card.",
    ]
