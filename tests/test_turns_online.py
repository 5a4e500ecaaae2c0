"""A turn is never lost online (issue 28): whatever the order of steps, turns,
refusals and moves typed at any pace, a client whose seat the server waits on
holds that turn, without the player typing `turn`.

The server numbers each seat's turns (the moves it has made); a move names its
turn, so one sent for a turn already over is never played at the next, and
every refused move is followed by the seat's turn again. Tested with real
servers on loopback: frames by hand, the client's own `Connection`, and
`sixdot join` as a child process.
"""

from __future__ import annotations

import contextlib
import json
import queue
import random
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from sixdot.client.connection import Connection
from sixdot.client.listener import Listener
from sixdot.games import NAMES, get_game
from sixdot.present.phrasebook import Phrasebook
from sixdot.server.background import Background
from sixdot.wire import Codec
from test_join import SHORT, Child, _table, register
from test_server import QUICK, bots_settled

# -- frames by hand, against a real server --


def _frames(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next frame of `kind`, skipping others."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(30))
        if frame["type"] == kind:
            return frame


def _at_turn(url: str) -> tuple[ClientConnection, dict[str, Any]]:
    """Ana alone with a random bot at Alphabeticell, and her first turn's frame."""
    ws = connect(url, legacy=True)
    ws.send(json.dumps({"type": "register", "name": "Ana", "password": "password1"}))
    _frames(ws, "session")
    ws.send(json.dumps({"type": "create", "game": "alphabeticell", "level": "random"}))
    ws.send(json.dumps({"type": "start"}))
    return ws, _frames(ws, "turn")


def test_a_refused_move_is_followed_by_the_same_turn_again(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ws, turn = _at_turn(server.url)
        ws.send(json.dumps({"type": "move", "move": "keep ZZ", "turn": turn["turn"]}))
        assert json.loads(ws.recv(30))["type"] == "refused"
        again = json.loads(ws.recv(30))
        ws.close()
    assert again == turn  # the same question: its number, step, view and moves


def test_a_move_for_a_turn_already_over_is_never_played(tmp_path: Path) -> None:
    """As a move sent while the timer runs out: the late one is refused and the
    turn as it stands is sent, whatever the move would have been."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ws, turn = _at_turn(server.url)
        assert turn["turn"] == 0
        ws.send(json.dumps({"type": "move", "move": turn["legal"][0], "turn": 3}))
        problem = json.loads(ws.recv(30))
        again = json.loads(ws.recv(30))
        assert server.server is not None
        table = next(iter(server.server.tables.values()))
        assert table.match is not None
        played = [seat for seat, _ in table.match.moves if seat == 0]
        ws.send(json.dumps({"type": "move", "move": turn["legal"][0], "turn": 0}))
        step = _frames(ws, "step")
        ws.close()
    assert (problem["key"], problem["about"]) == ("online-move-late", "move")
    assert again == turn and played == []
    assert step["seat"] == 0 and step["notation"] == turn["legal"][0]


# -- the client's side, frame by frame --


def _turn(seq: int, number: int) -> str:
    """Seat 1's turn at the deal of Alphabeticell for three, as the server sends it."""
    game = get_game("alphabeticell")
    state = game.rules.new_game(3, None, 3)
    view = Codec(game).view(state.view(0))
    legal = [action.notation for action in state.legal_actions(0)]
    frame = {"type": "turn", "table": 1, "seat": 0, "view": view, "legal": legal}
    return json.dumps({**frame, "seq": seq, "turn": number})


def _refused(move: str) -> str:
    refusal = {"key": "refuse-not-your-turn", "args": {"seat": 0}}
    return json.dumps({"type": "refused", "table": 1, "move": move, "refusal": refusal})


def _step(seq: int, seat: int) -> str:
    step = {"type": "step", "table": 1, "seq": seq, "seat": seat, "notation": None}
    return json.dumps({**step, "events": [], "over": False})


def test_a_refusal_after_others_moved_gets_the_turn_back_from_the_server() -> None:
    """Moves came between the turn and the refusal, with no turn held: the client
    cannot know it is still asked, so the server says so, and it is said."""
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    me.heard(_turn(5, 0))
    move = me.typed("1").send[0]
    assert move["turn"] == 0
    me.heard(_step(6, 1))  # another seat moved meanwhile
    me.heard(_refused(move["move"]))
    assert me.legal == ()  # the old turn is not trusted after moves came
    said = me.heard(_turn(6, 0))  # the server asks again after every refusal
    assert said[-1].startswith("Your pick") and me.legal
    assert me.typed("1").send[0]["turn"] == 0


def test_the_turn_restored_after_a_refusal_is_not_said_again() -> None:
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    me.heard(_turn(5, 0))
    me.typed("right")  # anything typed keeps the turn; the focus is the client's
    move = me.typed("1").send[0]
    assert me.heard(_refused(move["move"]))[0].startswith("Refused")
    legal = me.legal
    assert legal and me.heard(_turn(5, 0)) == [] and me.legal == legal


def test_a_turn_just_after_the_lead_does_not_say_the_lead_again() -> None:
    """Online as at one keyboard (`Presenter.first_turn`): "Bot 3 leads Leaves: End
    Crown." then the plays, not the lead again as the trick so far."""
    from sixdot.games.nonesuch.rules import Lead
    from test_nonesuch_present import LEAVES, card, cards, playing

    codec = Codec(get_game("nonesuch"))
    table = json.loads(_table(here=True))
    table["table"]["game"] = "nonesuch"
    me = Listener(Phrasebook())
    me.heard(json.dumps(table))
    hand = cards("Ace of Leaves", "Origin", "Savage", "Chance Meeting", "Mill", "Pact")
    state = replace(playing((hand, cards("Forest"), cards("End"))), turn=2)
    state, events = state.apply(2, Lead(card("End"), LEAVES))
    step = {"type": "step", "table": 1, "seq": 5, "seat": 2, "notation": "lead End"}
    events_said = me.heard(
        json.dumps({**step, "events": [codec.event(e) for e in events], "over": False})
    )
    assert events_said == ["Bot 3 leads Leaves: End Crown."]
    legal = [action.notation for action in state.legal_actions(0)]
    turn = {
        "type": "turn",
        "table": 1,
        "seat": 0,
        "view": codec.view(state.view(0)),
        "legal": legal,
    }
    asked = me.heard(json.dumps({**turn, "seq": 5, "turn": 0}))
    assert asked and not any("Leaves led" in line for line in asked)
    assert me.typed("turn").say[0] == "Leaves led: Bot 3 is ahead with End."


def test_a_later_turn_while_a_move_is_on_its_way_is_said_at_once() -> None:
    """A turn numbered after the move on its way means that move was played."""
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    me.heard(_turn(5, 0))
    me.typed("1")
    assert me.heard(_turn(6, 0)) == []  # the same turn, sent as others moved: held
    assert me.heard(_turn(9, 1))[-1].startswith("Your pick")
    assert me.sent_turn is None and me.held is None and me.legal


# -- the connection down --


def test_a_move_typed_while_the_connection_is_down_keeps_the_turn(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        port = server.where.port if server.where else 0
        child = Child(server.url)
        register(child, "password1", "password1", "Ana")
        child.until("Logged in")
        child.type("create alphabeticell 2 bots=random")
        child.until("you sit in seat 1")
        child.type("start")
        child.until("Your pick")
    child.until("Connection lost")
    child.type("1")
    assert child.until("Not sent") == "Not sent: the connection is down."
    child.type("2")  # tried again while still down: still the move, not "not your turn"
    assert child.until("Not sent") == "Not sent: the connection is down."
    with Background(folder, hasher=QUICK, port=port):
        child.until("Connected again.")
        child.type("1")
        kept = child.until("You keep")
        child.kill()
    assert "Not your turn yet." not in child.heard
    assert kept.startswith("You keep")


# -- the phrasebook on two threads --


def test_two_threads_wording_lines_at_once_never_miss_a_message(tmp_path: Path) -> None:
    """One phrasebook is shared by the process and parses each message when first
    asked for; `sixdot join` words lines on two threads. A message being added by
    one thread was once missing for the other (KeyError), which killed the
    thread that hears the server."""
    keys = [f"m{i}" for i in range(3000)]
    text = "".join(f"{key} = Line {i} of {{ $n }}.\n" for i, key in enumerate(keys))
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "lines.ftl").write_text(text, encoding="utf-8")
    Phrasebook(folder=tmp_path / "first")  # parsed whole, and stamped as splitting cleanly
    book = Phrasebook(folder=tmp_path / "second")  # stamped: each message parsed when asked
    faults: list[BaseException] = []
    start = threading.Barrier(4)

    def word() -> None:
        start.wait()
        try:
            for key in keys:  # in one order: the threads ask for the same new message
                assert book(key, n=1).endswith("of 1.")
        except BaseException as err:  # reported by the test
            faults.append(err)

    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads take turns often, as on a busy machine
    try:
        threads = [threading.Thread(target=word) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        sys.setswitchinterval(switching)
    assert faults == []


# -- people typing at any pace --


class Person:
    """A player through the client's own Listener and Connection: lines typed at
    random paces and in bursts, at their turn and not, and the line dropped now
    and then. Never `turn`."""

    def __init__(self, url: str, name: str, seed: int) -> None:
        self.name = name
        self.said: queue.Queue[str] = queue.Queue()
        self.heard: list[str] = []
        self.me = Listener(Phrasebook())
        self.line = Connection(url, self.me, self.said.put)
        self.rng = random.Random(seed)
        self.over = threading.Event()
        self.line.open()
        threading.Thread(target=self.line.hear, daemon=True).start()

    def type(self, text: str) -> None:
        with self.line.lock:
            reply = self.me.typed(text)
        for line in reply.say:
            self.said.put(line)
        for message in reply.send:
            self.line.send(message)

    def until(self, text: str) -> None:
        while True:
            line = self.said.get(timeout=30)
            self.heard.append(line)
            if text in line:
                return

    def listen(self) -> None:
        while not self.over.is_set():
            try:
                line = self.said.get(timeout=0.2)
            except queue.Empty:
                # A line that dropped as the game ended comes back to no table:
                # its player hears that it ended, not "Game over.".
                facts = self.me.facts
                if self.me.ended or facts is None or facts.status == "over":
                    self.over.set()
                continue
            self.heard.append(line)
            if line == "Game over.":
                self.over.set()

    def play(self, drops: float, pause: float) -> None:
        """Type until the game is over: numbers most of the time, bursts of a few,
        pauses of 0 to `pause` seconds; drop the line at random moments."""
        while not self.over.is_set():
            time.sleep(self.rng.uniform(0, pause) if self.rng.random() < 0.5 else 0)
            for _ in range(self.rng.choice((1, 1, 1, 2, 4))):
                self.type(str(self.rng.randint(1, 3)))
            if self.rng.random() < drops:
                self.line.ws.close()  # the line drops: the client comes back by itself


def _stalled(server: Background, people: list[Person]) -> dict[int, str]:
    """Each table stuck now, and why: a seat the server waits on holds no turn."""
    assert server.server is not None
    stuck = {}
    for table in list(server.server.tables.values()):
        for seat in table.waiting_for():
            for person in people:
                me = person.me
                at = me.facts is not None and me.facts.id == table.id and me.you == seat
                if at and not me.legal and me.sent_turn is None:
                    stuck[table.id] = f"{person.name} asked, holds no turn: {person.heard[-4:]}"
    return stuck


def asked(person: Person, text: str, answer: str) -> None:
    """`text` typed until `answer` is heard: a line typed while the connection
    is coming back is said as not sent, and a player types it again."""
    for _ in range(20):
        person.type(text)
        with contextlib.suppress(queue.Empty):
            while True:
                line = person.said.get(timeout=3)
                person.heard.append(line)
                if answer in line:
                    return
    raise AssertionError(f"{person.name}: {text!r} never answered; heard {person.heard[-4:]}")


def _play_one(pair: tuple[Person, Person], game: str, drops: float, pause: float) -> None:
    """One game by the pair and a random bot, to its end; then both leave."""
    ana, ben = pair
    asked(ana, f"create {game} 3 bots=random {SHORT[game]}", "you sit in seat 1")
    asked(ben, f"sit {ana.me.facts.id if ana.me.facts else 0}", "you sit in seat 2")
    ana.type("start")
    threads = [
        threading.Thread(target=work, args=args, daemon=True)
        for person in pair
        for work, args in ((person.listen, ()), (person.play, (drops, pause)))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    for person in pair:
        person.over.clear()
        person.type("leave")


def play_games(
    folder: Path, games: list[str], drops: float, seed: int, pause: float = 1, tables: int = 1
) -> None:
    """The games played by `tables` pairs of people at once, each pair a game at a
    time with a random bot, to its end: no table ever waits more than a moment
    on a seat whose client holds no turn."""
    with Background(folder, hasher=QUICK) as server:
        pairs = []
        for pair in range(tables):
            ana, ben = (Person(server.url, f"{n}{pair}", seed + pair) for n in ("Ana", "Ben"))
            people = (ana, ben)
            for person in people:
                message = {"type": "register", "name": person.name, "password": "password1"}
                person.line.send(message)
                person.until("Logged in")
            pairs.append(people)
        waiting: queue.Queue[str] = queue.Queue()
        for game in games:
            waiting.put(game)
        faults: list[BaseException] = []

        def work(pair: tuple[Person, Person]) -> None:
            while not faults:
                try:
                    game = waiting.get_nowait()
                except queue.Empty:
                    return
                try:
                    _play_one(pair, game, drops, pause)
                except BaseException as err:  # said by the test
                    faults.append(err)

        workers = [threading.Thread(target=work, args=(pair,), daemon=True) for pair in pairs]
        for worker in workers:
            worker.start()
        since: dict[int, float] = {}
        everyone = [person for pair in pairs for person in pair]
        while any(worker.is_alive() for worker in workers):
            time.sleep(0.5)
            stuck = _stalled(server, everyone)
            since = {table: since.get(table, time.monotonic()) for table in stuck}
            # A turn on its way takes milliseconds; seconds is a lost one.
            late = [stuck[t] for t, first in since.items() if time.monotonic() - first > 10]
            assert not late and not faults, (late, faults)
        for person in everyone:
            person.line.close()
    assert not faults and waiting.empty()


@pytest.mark.parametrize("game", NAMES)
def test_people_typing_at_any_pace_never_lose_a_turn(tmp_path: Path, game: str) -> None:
    play_games(tmp_path / "server", [game], drops=0.02, seed=NAMES.index(game), pause=0.3)


@pytest.mark.slow
def test_two_hundred_games_typed_at_any_pace_never_stall(tmp_path: Path) -> None:
    """The soak of issue 28: 200 games across the five, 0 stalls, nobody typing turn."""
    games = [NAMES[i % len(NAMES)] for i in range(200)]
    # Eight tables: sixteen logins, within the twenty a minute one address may make.
    play_games(tmp_path / "server", games, drops=0.02, seed=28, tables=8)


def _prefix_position() -> tuple[str, str]:
    """A turn frame of Letters whose moves include one that begins another
    (`discard A` and `discard AND`), and that move's notation."""
    game = get_game("letters")
    state = game.rules.new_game(2, None, 4)
    rng = random.Random(4)
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        notations = [action.notation for action in legal]
        for move in notations:
            if any(other != move and other.startswith(move) for other in notations):
                view = Codec(game).view(state.view(seat))
                frame = {"type": "turn", "table": 1, "seat": seat, "view": view}
                return json.dumps({**frame, "legal": notations, "seq": 9, "turn": 4}), move
        state, _ = state.apply(seat, rng.choice(legal))


def test_a_move_typed_whole_is_that_move_though_it_begins_another() -> None:
    """The hint says `discard A`; typed back, it plays, never a list of two."""
    turn, move = _prefix_position()
    me = Listener(Phrasebook())
    table = json.loads(_table(here=True))
    table["table"] |= {"game": "letters", "players": 2, "seats": table["table"]["seats"][:2]}
    table["you"] = json.loads(turn)["seat"]
    me.heard(json.dumps(table))
    me.heard(turn)
    reply = me.typed(move.lower())
    assert reply.send == [{"type": "move", "move": move, "turn": 4}] and reply.say == []


def test_a_server_restart_is_said_once_not_as_everyone_dropping_off(tmp_path: Path) -> None:
    """Killed and started again, the server loses no one: each player hears the
    connection lost and back, and nothing else (no login, no one dropping off
    and back, no hand said again); then play goes on."""
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        port = server.where.port if server.where else 0
        people = [Person(server.url, name, i) for i, name in enumerate(("Ana", "Ben"))]
        ana, ben = people
        for person in people:
            person.line.send({"type": "register", "name": person.name, "password": "password1"})
            person.until("Logged in")
        ana.type("create consonants 3 bots=random")
        ana.until("you sit in seat 1")
        ben.type("sit 1")
        ben.until("you sit in seat 2")
        ana.type("start")
        for person in people:
            person.until("Type pass and cards")  # the pass prompt's last line
        bots_settled(server)  # the bot passed its cards before the restart
    for person in people:
        person.until("Connection lost")
        person.heard = []
    with Background(folder, hasher=QUICK, port=port):
        for person in people:
            person.until("Connected again.")
        time.sleep(2)  # every line the restart brings has come
        for person in people:
            while not person.said.empty():
                person.heard.append(person.said.get())
        heard = {person.name: list(person.heard) for person in people}
        asked = next(person for person in people if person.me.legal)
        asked.type("1")  # play goes on: the turn held through the restart plays
        played = asked.said.get(timeout=30)
        for person in people:
            person.line.close()
    assert not played.startswith(("Not", "Refused"))
    assert heard == {name: ["Connected again."] for name in ("Ana", "Ben")}


def test_a_watcher_keeps_watching_after_a_server_restart(tmp_path: Path) -> None:
    """Before, a watcher heard "Logged in" after a restart, then nothing more."""
    folder = tmp_path / "server"
    with Background(folder, hasher=QUICK) as server:
        port = server.where.port if server.where else 0
        ana, ben = (Person(server.url, name, i) for i, name in enumerate(("Ana", "Ben")))
        for person in (ana, ben):
            person.line.send({"type": "register", "name": person.name, "password": "password1"})
            person.until("Logged in")
        ana.type("create alphabeticell 2 bots=random")
        ana.until("you sit in seat 1")
        ben.type("watch 1")
        ben.until("you watch")
        ana.type("start")
        ana.until("Your pick")
        ben.until("the game starts")
    ben.until("Connection lost")
    with Background(folder, hasher=QUICK, port=port):
        ben.until("Connected again.")
        ana.until("Connected again.")
        while not ana.me.legal:
            time.sleep(0.05)
        ana.type("1")
        ana.until("You keep")
        ben.until("Ana keeps")  # still watching, and hears the next move
        for person in (ana, ben):
            person.line.close()


@pytest.mark.parametrize("game", NAMES)
def test_a_waiting_player_hears_whose_turn_it_is_and_what_they_are_asked(
    tmp_path: Path, game: str
) -> None:
    """turn, or Enter on an empty line, while another is asked: in every game
    (Consonants never said it)."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana, ben = (Person(server.url, name, i) for i, name in enumerate(("Ana", "Ben")))
        for person in (ana, ben):
            person.line.send({"type": "register", "name": person.name, "password": "password1"})
            person.until("Logged in")
        players = max(2, get_game(game).rules.min_players)
        ana.type(f"create {game} {players} bots=random")
        ana.until("you sit in seat 1")
        ben.type("sit 1")
        ben.until("you sit in seat 2")
        ana.type("start")
        said = ""
        while not said:  # moves made until one person waits while the other is asked
            time.sleep(0.3)
            waiting = [p for p in (ana, ben) if not p.me.legal and p.me.sent_turn is None]
            asked = [p for p in (ana, ben) if p.me.legal]
            if len(waiting) == 1 and len(asked) == 1:
                waiting[0].heard = []
                waiting[0].type("turn")
                said = f"{asked[0].name}'s turn: to "
                waiting[0].until(said)
                waiting[0].type("")  # Enter on an empty line says it too
                waiting[0].until(said)
            elif asked:
                asked[0].type("1")
        for person in (ana, ben):
            person.line.close()


def test_a_table_that_ended_while_the_line_was_down_is_said_to_have_ended(
    tmp_path: Path,
) -> None:
    """Back after the game ended, a player was at no table and heard nothing of
    it: their client still thought the game went on (found by the soak)."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ws = connect(server.url, legacy=True)
        ws.send(json.dumps({"type": "register", "name": "Ana", "password": "password1"}))
        token = _frames(ws, "session")["token"]
        ws.close()
        back = connect(server.url, legacy=True)
        back.send(json.dumps({"type": "resume", "token": token, "after": 40, "table": 7}))
        gone = _frames(back, "problem")
        back.close()
    assert (gone["key"], gone["args"]) == ("online-table-gone", {"table": 7})
    me = Listener(Phrasebook())
    me.heard(_table(here=True))
    me.token = "t"
    resume = me.resume_message()
    assert resume is not None and (resume["table"], resume["watching"]) == (1, False)
    assert me.heard(json.dumps(gone)) == [
        "Table 7 ended while you were away. Type lobby for tables."
    ]
    assert me.facts is None and me.typed("hand").say == ["No game yet: sit at a table first."]
