"""Long games and tables of bots, heard online (issue 28).

A client coming to a game under way is sent its newest steps, not the whole
game: a game past 2,000 steps can be watched and rejoined. A table that no
person plays (its people gone, bots standing in) plays one move at a time
while anyone is there to hear it, so a watcher hears every move.
Real server on loopback, raw websocket clients.
"""

from __future__ import annotations

import time
from pathlib import Path

from sixdot.server.app import RECENT
from sixdot.server.background import Background
from test_server import QUICK, Scripted, joined


def test_a_game_past_two_thousand_steps_can_be_watched_and_rejoined(tmp_path: Path) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="nonesuch", players=4, level="random", options={"target": 200})
        ana.until("table")
        ana.send("start")
        turn = ana.until("turn")
        while turn["seq"] < 2000:
            ana.send("move", move=turn["legal"][0], turn=turn["turn"])
            turn = ana.until("turn")
        ben = joined(server, "Ben")
        ben.send("watch", table=turn["table"])
        facts = ben.until("table")["table"]
        steps = [ben.until("step")]
        while steps[-1]["seq"] < facts["last"]:
            steps.append(ben.until("step"))
        ana.ws.close()  # and back, with no step named: the newest steps and the turn
        back = Scripted(server.url)
        token = next(f["token"] for f in ana.frames if f["type"] == "session")
        back.send("resume", token=token)
        again = back.until("turn")
        back.send("move", move=again["legal"][0], turn=again["turn"])
        played = ben.until("step", seat=0)  # the watcher is still there, and hears it
    assert facts["last"] >= 2000
    assert len(steps) == RECENT and steps[0]["seq"] == facts["last"] - RECENT + 1
    resumed = [f for f in back.frames if f["type"] == "step"]
    assert len(resumed) <= RECENT + 1 and again["seq"] == turn["seq"]
    assert played["seq"] == again["seq"] + 1


def test_a_watcher_hears_a_table_of_bots_one_move_at_a_time(tmp_path: Path) -> None:
    """The person leaves and a bot stands in: the game no longer plays out in one
    go (a watcher heard a few moves, then that it was over), but a move every
    `pace` seconds, each sent as it is played."""
    pace = 0.05
    with Background(tmp_path / "server", hasher=QUICK, pace=pace) as server:
        ana = joined(server, "Ana")
        ana.send("create", game="alphabeticell", players=2, level="random", options={"target": 5})
        table = ana.until("table")["table"]["id"]
        ben = joined(server, "Ben")
        ben.send("watch", table=table)
        ben.until("table")
        ana.send("start")
        ana.until("turn")
        ana.send("leave")
        ana.until("left")
        left = time.monotonic()
        first = ben.until("step")
        steps = [first]
        while not steps[-1]["over"]:
            steps.append(ben.until("step"))
        took = time.monotonic() - left
    seqs = [step["seq"] for step in steps]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))  # every move, in order
    assert len(steps) > 5 and took >= (len(steps) - 2) * pace
