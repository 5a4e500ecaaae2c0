"""`sixdot join`: the client words what the server sends with its own phrasebook (issue 21).

The client's `Listener` is driven here by a real server's frames, as the
terminal drives it: a whole game of each game is heard and played by typed
numbers. Then `sixdot join` itself runs as a child process against a server.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from sixdot.client.listener import Listener
from sixdot.games import NAMES, get_game
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from sixdot.visible import visible
from sixdot.wire import Codec
from test_server import QUICK, _close_clients  # noqa: F401 - a fixture

#: Lines a player may mistype at a turn: another game's moves, cards of no deck,
#: numbers out of range, words of no game.
MISTYPED = ("keep ZZ", "play Q", "pass", "bid 99", "draw", "discard QQ", "9999", "0", "take Z")
SHORT = {
    "alphabeticell": "target=5",
    "consonants": "target=1",
    "letters": "turns=3",
    "nonesuch": "hands=1",
    "alphagon": "target=5",
}


class Player:
    """A Listener on its own connection: what it says, and numbers typed at its turns."""

    def __init__(self, url: str, seed: int) -> None:
        self.ws: ClientConnection = connect(url, max_size=None, legacy=True)
        self.me = Listener(Phrasebook())
        self.said: list[str] = []
        self.rng = random.Random(seed)
        self.error = ""

    def type(self, line: str) -> None:
        reply = self.me.typed(line)
        self.said += reply.say
        for message in reply.send:
            self.ws.send(json.dumps(message))

    def hear(self) -> list[str]:
        lines = self.me.heard(self.ws.recv(30))
        self.said += lines
        return lines

    def until(self, text: str) -> None:
        while not any(text in line for line in self.hear()):
            pass

    def play_out(self, mistakes: float = 0.0) -> None:
        """Numbers typed at each turn to the game's end; with `mistakes`, that share
        of turns first has a mistyped line (refused at once, or by the server).
        Nobody types `turn`: 30 s with nothing heard fails the test, with the
        client's state (issue 28: a turn is never lost).
        """
        try:
            while True:
                lines = self.hear()
                if any(line == "Game over." for line in lines):
                    return
                if self.me.legal and self.rng.random() < mistakes:
                    self.type(self.rng.choice(MISTYPED))
                if self.me.legal:
                    self.type(str(self.rng.randint(1, len(self.me.legal))))
        except Exception as err:  # said by the test, with the last lines heard
            me = self.me
            state = f"legal {len(me.legal)}, sent {me.sent_turn}, held {me.held is not None}"
            self.error = f"{err!r} after {self.said[-5:]}; {state}, last {me.last}"


def login(url: str, name: str, seed: int) -> Player:
    player = Player(url, seed)
    player.ws.send(json.dumps({"type": "register", "name": name, "password": "password1"}))
    player.until(f"Logged in as {name}")
    return player


def at_first_turn(url: str, table: str) -> Player:
    """Ana alone with random bots at a new table (`game players`), asked her first move."""
    ana = login(url, "Ana", 1)
    ana.type(f"create {table} bots=random")
    ana.until("you sit in seat 1")
    ana.type("start")
    while not ana.me.legal:
        ana.hear()
    return ana


@pytest.mark.parametrize("mistakes", [0.0, 0.3])
@pytest.mark.parametrize("game", NAMES)
def test_two_listeners_hear_and_play_a_whole_game(
    tmp_path: Path, game: str, mistakes: float
) -> None:
    """Two people and a bot to the end; with mistakes, a refused move leaves the
    turn to play again, and no move is ever sent out of turn."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, ben = login(server.url, "Ana", 1), login(server.url, "Ben", 2)
        ana.type(f"create {game} 3 bots=random {SHORT[game]}")
        ana.until("you sit in seat 1")
        ana.type("lobby")
        ana.until("1 table:")
        ben.type(f"sit {ana.me.facts.id if ana.me.facts else 0}")
        ben.until("you sit in seat 2")
        ana.until("Ben sits in seat 2.")
        ana.type("start")
        threads = [threading.Thread(target=p.play_out, args=(mistakes,)) for p in (ana, ben)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        for player in (ana, ben):
            player.ws.close()
    for player in (ana, ben):
        assert player.error == ""
        assert "Game over." in player.said
        assert all(line and line == visible(line) for line in player.said)
        assert not any(line.startswith("Server refused") for line in player.said)
        assert "Refused: it is not your turn." not in player.said
    assert any(line.startswith("You") for line in ana.said)  # words from seat 0's side


def test_a_refused_move_is_worded_by_the_client(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "alphabeticell 2")
        ana.ws.send(json.dumps({"type": "move", "move": "pass"}))  # not a move at the deal
        refused = ana.hear()
        ana.ws.close()
    assert refused[0].startswith("Refused: ")
    ana.type("sing a song")  # at her turn: read as local play reads it
    assert ana.said[-1] == 'Unknown command "sing a song". Type moves or help.'


def first_asked(players: list[Player]) -> Player:
    """The player the server asks first, every message heard meanwhile."""
    while True:
        for player in players:
            if player.me.legal:
                return player
            with contextlib.suppress(TimeoutError):
                player.said += player.me.heard(player.ws.recv(0.2))


def test_a_review_between_turns_answers_from_the_table_as_it_stands(tmp_path: Path) -> None:
    """The view of a turn grows old as moves are made: after moving, `hand` asks
    the server (`look`) and is answered from the view after the move."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, ben = login(server.url, "Ana", 1), login(server.url, "Ben", 2)
        ana.type("create alphabeticell 2")
        ana.until("you sit in seat 1")
        ben.type(f"sit {ana.me.facts.id if ana.me.facts else 0}")
        ben.until("you sit in seat 2")
        ana.until("Ben sits in seat 2.")
        ana.type("start")
        first = first_asked([ana, ben])  # the other holds their move
        first.type("hand")
        before = first.said[-1]
        assert before == "Your line: no card yet."
        kept = first.me.legal[0].notation.split()[-1]  # "keep AM": the card
        first.type("1")
        asked = first.me.typed("hand")
        assert asked.send == [{"type": "look"}] and not asked.say
        first.ws.send(json.dumps(asked.send[0]))
        history = list(first.me.desk.history)
        while first.me.pending is not None:
            first.hear()
        answer = first.said[-1]
        assert answer.startswith(f"Your line: {kept}")
        assert first.me.desk.history[: len(history)] == history
        assert answer not in first.me.desk.history[len(history) :]  # a review, not news
        first.type("hand")  # the view has heard every step now: answered at once
        assert first.said[-1] == answer
        for player in (ana, ben):
            player.ws.close()


def test_a_move_the_server_refuses_leaves_the_turn_to_play_again(tmp_path: Path) -> None:
    """A mistyped card is refused, worded (though no deck has it) and the turn
    stands: the moves, their numbers and the keys work as before it."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "alphabeticell 2")
        moves, focus = ana.me.legal, ana.me.focus
        ana.type("keep ZZ")  # a card of no deck: read by the client, sent as typed
        assert ana.me.legal == ()  # not asked twice while the move is on its way
        refused = ana.hear()
        assert refused == [f"Refused: ZZ is not one of your cards: {_keeps(moves)}."]
        assert ana.me.legal == moves and ana.me.focus == focus
        ana.type("1")
        ana.until(f"You keep {moves[0].notation.split()[-1]}")
        ana.ws.close()


def test_a_look_the_server_cannot_answer_leaves_no_review_waiting() -> None:
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    step = {"type": "step", "seq": 5, "table": 1, "seat": 2, "notation": None}
    me.heard(json.dumps({**step, "events": [], "over": False}))
    assert me.typed("trick").send == [{"type": "look"}]  # moves came since any view
    problem = {"type": "problem", "key": "online-not-at-table", "about": "look"}
    assert me.heard(json.dumps(problem)) == ["You are at no table: sit or watch first."]
    assert me.pending is None  # a view coming later is news, not this review's answer


def _frames(seed: int = 3) -> tuple[dict[str, Any], str]:
    """Seat 1's turn at the deal of Alphabeticell for three, as the server sends it,
    and the first move's notation."""
    game = get_game("alphabeticell")
    state = game.rules.new_game(3, None, seed)
    assert state.to_act() == (0,)
    legal = [action.notation for action in state.legal_actions(0)]
    view = Codec(game).view(state.view(0))
    return {"type": "turn", "table": 1, "seat": 0, "view": view, "legal": legal}, legal[0]


def test_a_turn_that_comes_while_a_move_is_on_its_way_waits_for_its_answer() -> None:
    """Others acting at once may bring a turn the server sent before this seat's move
    arrived: it is said only if that move is refused, and dropped once it is played."""
    turn, first = _frames()
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    assert me.heard(json.dumps({**turn, "seq": 5}))[-1].startswith("Your pick")
    assert me.typed("1").send == [{"type": "move", "move": first, "turn": 0}]
    assert me.heard(json.dumps({**turn, "seq": 6})) == [] and me.legal == ()
    refusal = {"key": "refuse-not-your-turn", "args": {"seat": 0}}
    said = me.heard(json.dumps({"type": "refused", "table": 1, "move": first, "refusal": refusal}))
    assert said[0].startswith("Refused") and said[-1].startswith("Your pick")
    assert len(me.legal) == len(turn["legal"])
    me.typed("1")
    me.heard(json.dumps({**turn, "seq": 7}))  # held
    step = {"type": "step", "table": 1, "seq": 7, "seat": 0, "notation": first, "over": False}
    me.heard(json.dumps({**step, "events": []}))  # played: the held turn is old
    assert me.legal == () and me.held is None
    older = {"type": "refused", "table": 1, "move": "keep XX", "refusal": refusal}
    me.heard(json.dumps(older))  # a refusal of no move on its way gives nothing back
    assert me.legal == ()


def test_a_game_value_the_client_cannot_read_is_said_as_such_not_raised() -> None:
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    bad = {"key": "refuse-abc-pick-first", "args": {"card": {"type": "NoSuchThing"}}}
    refused = {"type": "refused", "table": 1, "move": "keep ZZ", "refusal": bad}
    said = me.heard(json.dumps(refused))
    assert said == [
        "Server message unreadable: $.args.card: unknown type 'NoSuchThing':"
        " a value needs a known type or enum"
    ]


def _keeps(moves: tuple[Any, ...]) -> str:
    return "keep " + ", ".join(m.notation.split()[-1] for m in moves)


class Child:
    """`sixdot join URL --plain` in a child process; its lines read on a thread."""

    def __init__(self, url: str, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sixdot", "join", url, "--plain", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.heard: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, text: str, timeout: float = 30) -> str:
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:  # still Empty (callers wait on it), saying what came
                heard = self.heard[-8:]
                raise queue.Empty(f"never heard {text!r}; the last heard: {heard}") from None
            self.heard.append(line)
            if text in line:
                return line

    def end(self) -> int:
        self.type("quit")
        self.type("quit")  # at a game under way, quit is asked twice
        return self.process.wait(30)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)


def register(child: Child, password: str, again: str, name: str = "Cleo") -> None:
    """`register NAME` typed, and the password typed at each of its two questions."""
    child.type(f"register {name}")
    child.until("Password:")
    child.type(password)
    child.until("The same password again:")
    child.type(again)


def test_sixdot_join_logs_in_makes_a_table_and_chats(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        child = Child(server.url)
        child.until("Connected to ws://127.0.0.1")
        register(child, "a password", "a password")
        assert child.until("Logged in") == "Logged in as Cleo. Type lobby or help."
        child.type("create letters 2 password=secret")
        assert child.until("Table") == "Table 1: Letters, you sit in seat 1."
        child.type("say hello\x1b[2J there")
        assert child.until("Cleo:") == "Cleo: hello<ESC>[2J there"
        child.type("lobby")
        child.until("1 table:")
        assert child.until("Table 1") == "Table 1: Letters, waiting, private. Cleo, Seat 2 empty."
        child.type("sit")
        assert child.until("needs") == "sit needs a table number: type lobby for them."
        child.type("start")
        child.until("Your")  # the first turn of Letters, worded by the child
        assert child.end() == 0
    assert "a password" not in "\n".join(child.heard)


def test_the_client_reconnects_by_itself_and_hears_what_it_missed(tmp_path: Path) -> None:
    from sixdot.client.connection import Connection

    with Background(tmp_path / "server", hasher=QUICK) as server:
        said: queue.Queue[str] = queue.Queue()
        me = Listener(Phrasebook())
        line = Connection(server.url, me, said.put)
        line.open()
        hearing = threading.Thread(target=line.hear, daemon=True)
        hearing.start()

        def heard(text: str) -> None:
            while text not in said.get(timeout=30):
                pass

        line.send({"type": "register", "name": "Ana", "password": "password1"})
        heard("Logged in as Ana")
        line.send(me.typed("create alphabeticell 2 bots=random target=5").send[0])
        heard("you sit in seat 1")
        line.send({"type": "start"})
        heard("the game starts")
        while not me.legal:
            said.get(timeout=30)
        last = me.last
        line.ws.close()  # the line drops, not by the player's choice
        heard("Connection lost: trying again.")
        heard("Connected again.")
        rng = random.Random(5)
        over = False
        while not over:
            if me.legal:
                line.send(me.typed(str(rng.randint(1, len(me.legal)))).send[0])
            over = said.get(timeout=30) == "Game over."
        line.close()
    assert me.last > last


def test_a_client_logged_in_elsewhere_is_told_and_does_not_fight_back(tmp_path: Path) -> None:
    from sixdot.client.connection import Connection

    with Background(tmp_path / "server", hasher=QUICK) as server:
        said: queue.Queue[str] = queue.Queue()
        first = Connection(server.url, Listener(Phrasebook()), said.put)
        first.open()
        hearing = threading.Thread(target=first.hear, daemon=True)
        hearing.start()
        first.send({"type": "register", "name": "Ana", "password": "password1"})
        assert "Logged in as Ana" in said.get(timeout=30)
        other = Player(server.url, 1)  # Ana logs in on another device
        other.ws.send(json.dumps({"type": "login", "name": "Ana", "password": "password1"}))
        other.until("Logged in as Ana")
        assert said.get(timeout=30) == "Logged in elsewhere. Type login to play here again."
        hearing.join(10)
        assert not hearing.is_alive() and said.empty()  # no reconnecting, no more lines
        other.ws.close()


def _table(here: bool) -> str:
    seats = [
        {"kind": "person", "who": "Ana", "here": True},
        {"kind": "person", "who": "Ben", "here": here},
        {"kind": "bot", "who": "random", "here": False},
    ]
    facts = {
        "id": 1,
        "game": "alphabeticell",
        "players": 3,
        "host": "Ana",
        "status": "playing",
        "private": False,
        "level": "random",
        "options": {},
        "seats": seats,
        "watchers": 0,
        "last": 4,
    }
    return json.dumps({"type": "table", "seq": 0, "table": facts, "you": 0})


def test_a_player_whose_line_drops_is_said_at_once_and_again_when_back() -> None:
    """The others are never left waiting in silence for a lost player."""
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    assert me.heard(_table(here=False)) == ["Ben dropped off: waiting, then a bot plays."]
    assert me.heard(_table(here=True)) == ["Ben is back."]


def test_a_review_with_nothing_to_review_says_why() -> None:
    """Not at a table, or before the deal; watching a game under way, the
    server is asked for the table as everyone sees it."""
    me = Listener(Phrasebook())
    assert me.typed("trick").say == ["No game yet: sit at a table first."]
    watching = {**json.loads(_table(here=True)), "you": None}
    me.heard(json.dumps(watching))
    assert me.typed("trick").send == [{"type": "look"}]
    me = Listener(Phrasebook())
    waiting = json.loads(_table(here=True))
    waiting["table"] |= {"status": "waiting", "last": -1}
    me.heard(json.dumps(waiting))
    assert me.typed("score").say == ["No deal yet: the host types start."]


def test_quit_after_the_last_step_leaves_at_once_though_the_table_says_playing() -> None:
    """The table's news that it is over comes after the game's last step."""
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    last = {"type": "step", "seq": 5, "table": 1, "seat": None, "notation": None}
    assert me.heard(json.dumps({**last, "events": [], "over": True})) == ["Game over."]
    assert me.typed("quit").quit is True


def test_a_hint_online_is_the_sensible_bots_move_and_can_be_typed_back(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "consonants 4")
        ana.type("hint")  # worked out by the client, from what its seat may see
        hint = ana.said[-1]
        assert hint.startswith("Hint: pass "), hint
        move = hint.removeprefix("Hint: ").split(",")[0].rstrip(".")
        ana.type(move)  # "pass V": one card chosen of the four to pass
        card = move.split()[1].replace("/", " over ")  # A/U is said "A over U"
        ana.until(f"To pass: {card}")
        ana.ws.close()


def test_quit_at_a_game_under_way_is_asked_again_as_a_bot_takes_the_seat(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "alphabeticell 2")
        assert not ana.me.typed("quit").quit
        assert ana.said[-1] != "" and not ana.me.typed("hand").quit  # anything else plays on
        assert not ana.me.typed("quit").quit
        assert ana.me.typed("quit").quit
        ana.ws.close()


def test_a_timed_table_is_said_and_a_move_made_for_you_is_said_with_its_move(
    tmp_path: Path,
) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ben = login(server.url, "Ben", 2)
        ben.type("create alphabeticell 2 timer=soon")
        assert ben.said[-1] == "Timer: timer= then seconds, on (180 seconds) or off."
        ben.type("create alphabeticell 2 timer=1")
        ben.until("No move timer of 1 second: from 5 to 3,600, or off.")
        ben.ws.close()
        ana = at_first_turn(server.url, "alphabeticell 2 timer=5")
        assert "Timed: 5 seconds a move, a warning 1 before." in ana.said
        asked = ana.me.legal
        ana.until("1 second left to move!")
        ana.until("Time is up: the bot moves for you.")
        assert ana.me.legal == ()  # that turn is gone: a number typed now plays nothing
        up = ana.said.index("Time is up: the bot moves for you.")
        ana.until("You keep ")  # then the move, said as any move of hers
        kept = next(line for line in ana.said[up:] if line.startswith("You keep "))
        played = kept.removeprefix("You keep ").split()[0].rstrip(".")
        assert f"keep {played}" in {action.notation for action in asked}
        ana.ws.close()


def test_moves_are_read_online_as_at_home_a_prefix_a_name_or_a_numbered_question(
    tmp_path: Path,
) -> None:
    """Online, a move typed in part plays when one move fits; a card's name
    alone plays its move; several fits are listed by their move numbers."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "alphabeticell 2")
        keeps = [a.notation for a in ana.me.legal]
        assert len(keeps) == 3 and all(n.startswith("keep ") for n in keeps)
        ana.type("kee")
        assert ana.said[-4:] == [
            '"kee" can be played 3 ways. Which one? Type a number:',
            *(f"{n}. {ana.me.me.move(a, ana.me.view)}" for n, a in enumerate(ana.me.legal, 1)),
        ]
        assert ana.me.legal  # nothing sent: still asked
        card = keeps[1].removeprefix("keep ")
        ana.type(card.lower())  # its name alone
        ana.until(f"You keep {card}")
        ana.ws.close()


def test_online_help_is_a_line_a_command_and_long_chat_is_refused_saying_the_limit() -> None:
    me = Listener(Phrasebook())
    lines = me.typed("help").say
    assert lines[:2] == [
        "Commands:",
        "At your turn, a number, a move or its first letters plays it.",
    ]
    sit = "sit N: sit at table N; sit N 3 takes seat 3. A private table asks its password."
    assert sit in lines
    assert "history: every announcement so far." in lines
    assert all(len(line) <= 100 for line in lines) and len(lines) > 20
    assert me.typed("help create").say[0].startswith("Create: create GAME, then players")
    refused = me.typed("say " + "x" * 400)
    assert refused.send == [] and refused.say == [
        "Not sent: 400 characters; a chat line has at most 300."
    ]
    assert me.typed("say hello").send == [{"type": "chat", "text": "hello"}]
    assert me.typed("history").say == ["History, 0 lines:"]  # nothing heard yet


def test_registering_checks_the_name_first_and_asks_the_password_twice(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        child = Child(server.url)
        child.until("Connected to ws://127.0.0.1")
        child.type("register Al\x1b[31mice")  # refused before any password is asked
        assert child.until("refused") == (
            'Name "Al<ESC>[31mice" refused: 2 to 20 letters, digits, . - or _, a letter first.'
        )
        register(child, "a password", "a passwort")
        assert child.until("differ") == (
            "The two passwords differ: nothing sent. Type register to try again."
        )
        register(child, "a password", "a password")
        assert child.until("Logged in") == "Logged in as Cleo. Type lobby or help."


def test_a_watcher_reviews_the_table_as_everyone_at_it_sees_it(tmp_path: Path) -> None:
    """A watcher has no seat, but every review of the table answers: from the
    public view the server sends for `look` (nothing of any hand in it), as
    the game stands after the last move heard."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "consonants 3")
        cleo = login(server.url, "Cleo", 3)
        cleo.type(f"watch {ana.me.facts.id if ana.me.facts else 0}")
        cleo.until("you watch")
        while cleo.me.last < 12:  # some tricks into the hand
            if ana.me.legal:
                ana.type("1")
            with contextlib.suppress(TimeoutError):
                ana.said += ana.me.heard(ana.ws.recv(0.2))
            with contextlib.suppress(TimeoutError):
                cleo.said += cleo.me.heard(cleo.ws.recv(0.2))
        answers: dict[str, list[str]] = {}
        for review in ("turn", "table", "trick", "previous", "players", "status", "score"):
            reply = cleo.me.typed(review)
            assert reply.send == [{"type": "look"}] or (reply.say and not reply.send)
            for message in reply.send:
                cleo.ws.send(json.dumps(message))
            said = reply.say
            while cleo.me.pending is not None:  # steps may come first: the view answers
                said = cleo.hear()
            answers[review] = said
        hand = cleo.me.typed("hand").say
        for player in (ana, cleo):
            player.ws.close()
    assert hand == ["Watching: you hold no cards. Try table or status."]
    # One seat's turn, or several at once (Consonants' pass): "Ana and Bot 3's turn".
    who = r"(Ana|Bot [23])"
    assert re.match(rf"{who}(, {who})*( and {who})?'s turn: ", answers["turn"][0])
    assert answers["score"][0].startswith("Scores")
    for review, said in answers.items():
        assert said and all(0 < len(line) <= 100 for line in said), review
        assert not any("Your hand" in line or "you hold" in line.lower() for line in said)


def test_turn_typed_while_asked_nothing_brings_a_lost_turn_back(tmp_path: Path) -> None:
    """A seat that should be asked but holds no turn (none is lost now, but
    should one be) gets it again by typing `turn`: the client asks the server
    to send it again."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = at_first_turn(server.url, "alphabeticell 2")
        asked = ana.me.legal
        ana.me.legal = ()  # as if the turn had gone astray
        ana.type("turn")
        while not ana.me.legal:
            ana.hear()
        assert ana.me.legal == asked
        ana.ws.close()
