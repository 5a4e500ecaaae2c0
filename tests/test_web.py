"""The web client in a real browser (issue 33): headless Chromium against a
real `sixdot serve` on loopback, played by keyboard events alone."""

from __future__ import annotations

import itertools
import queue
import re
import time
from pathlib import Path
from typing import Any

import pytest

from sixdot.server.background import Background
from test_join import SHORT, Child, register
from test_server import QUICK
from webtools import ARTIFACTS, AXE, CHROMIUM, Browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium (scripts/system-packages)")

HISTORY = "[...document.querySelectorAll('#history li')].map(li => li.textContent)"
URGENT = "[...document.querySelectorAll('#history li.urgent')].map(li => li.textContent)"
CALM = "[...document.querySelectorAll('#history li:not(.urgent)')].map(li => li.textContent)"
LOGGED = "[...document.querySelectorAll('#log p')].map(p => p.textContent)"


def names(nodes: list[dict[str, Any]], role: str) -> list[str]:
    """The accessible names of the tree's nodes of `role`."""
    return [
        str(n.get("name", {}).get("value", ""))
        for n in nodes
        if n.get("role", {}).get("value") == role and not n.get("ignored")
    ]


def serious(browser: Browser) -> list[dict[str, Any]]:
    """axe-core's violations of impact serious or critical (none checked without axe)."""
    if not AXE.exists():
        return []
    return [v for v in browser.axe() if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("game", ["alphabeticell", "consonants"])
def test_a_whole_game_in_the_browser_by_keyboard_alone(tmp_path: Path, game: str) -> None:
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            browser.page(server.url)
            browser.register("Ana")  # by keyboard alone
            assert browser.js("document.activeElement.id") == "line"
            problems = {"lobby": serious(browser)}
            browser.screenshot(ARTIFACTS / "web" / "lobby-1280x800.png", 1280, 800)
            browser.screenshot(ARTIFACTS / "web" / "lobby-390x844.png", 390, 844)
            browser.type(f"create {game} 3 bots=random {SHORT[game]}")
            browser.key("Enter")
            browser.wait(f"{HISTORY}.some(l => l.includes('you sit in seat 1'))")
            browser.type("start")
            browser.key("Enter")
            answered, listbox, tree = 0, [], []
            deadline = time.monotonic() + 120
            while not browser.js(f"{HISTORY}.includes('Game over.')"):
                assert time.monotonic() < deadline, browser.js(HISTORY)[-5:]
                asked = browser.js(f"{URGENT}.length")  # each turn is said urgently
                if asked > answered:
                    answered = asked
                    if not tree:
                        tree = browser.ax_tree()
                        problems["table"] = serious(browser)
                        for width, height in ((1280, 800), (390, 844)):
                            shot = f"{game}-table-{width}x{height}.png"
                            browser.screenshot(ARTIFACTS / "web" / shot, width, height)
                        listbox = browser.js(
                            "[...document.querySelectorAll('#hand [role=option]')]"
                            ".map(o => o.textContent)"
                        )
                    browser.type("1")
                    browser.key("Enter")
                time.sleep(0.05)
            browser.wait(f"{HISTORY}.at(-1).startsWith('Table 1 is over')")
            problems["over"] = serious(browser)
            logged, heard = browser.js(LOGGED), browser.js(HISTORY)
            urgent, calm = browser.js(URGENT), browser.js(CALM)
        finally:
            browser.close()
    # The tree a screen reader reads: the log region, and the cards as options
    # of a listbox named by the terminal's own focus labels.
    assert "log" in [n.get("role", {}).get("value") for n in tree]
    assert listbox and set(listbox) <= set(names(tree, "option"))
    assert "Your cards and moves" in names(tree, "listbox")
    # Each line said once: the urgent ones (turns) in the assertive region, the
    # rest in the log region, in order; the history shows them all.
    assert "Game over." in heard and any(re.search(r"\bwins? with", line) for line in heard)
    assert urgent
    assert len(urgent) + len(calm) == len(heard)
    assert logged == calm[-len(logged) :] and len(logged) == min(len(calm), 200)
    if not AXE.exists():
        pytest.skip("axe-core is not installed: scripts/test installs it with npm")
    # axe-core finds nothing serious or critical in the lobby, at play, at the end.
    assert problems == {"lobby": [], "table": [], "over": []}


def test_a_browser_player_and_a_terminal_player_share_a_table_to_the_end(
    tmp_path: Path,
) -> None:
    """Every line the terminal player hears of what happens to others (no one's
    own seat in it) reaches the browser too, in the same words and order."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        cleo = Child(server.url)
        try:
            browser.page(server.url)
            browser.register("Ana")  # by keyboard alone
            browser.type("create alphabeticell 3 bots=random target=5")
            browser.key("Enter")
            browser.wait(f"{HISTORY}.some(l => l.includes('you sit in seat 1'))")
            register(cleo, "password1", "password1")
            cleo.until("Logged in")
            cleo.type("sit 1")
            cleo.until("you sit in seat 2")
            browser.type("start")
            browser.key("Enter")
            answered, printed = 0, []
            deadline = time.monotonic() + 180
            while "Game over." not in printed or not browser.js(
                f"{HISTORY}.includes('Game over.')"
            ):
                assert time.monotonic() < deadline, (printed[-3:], browser.js(HISTORY)[-3:])
                heard = browser.js(HISTORY)
                asked = [i for i, x in enumerate(heard) if re.match(r"Your (pick|turn)", x)]
                if asked and asked[-1] >= answered:
                    answered = len(heard)
                    browser.type("1")
                    browser.key("Enter")
                try:
                    while True:
                        line = cleo.lines.get(timeout=0.05)
                        printed.append(line)
                        if re.match(r"Your (pick|turn)", line):
                            cleo.type("1")
                except queue.Empty:
                    pass
            heard = browser.js(HISTORY)
        finally:
            browser.close()
            cleo.kill()
    start = printed.index("Table 1: the game starts.")
    # Lines of others' doings: no one's own seat named, and not the second
    # line of one's own turn prompt ("Take as A with IQ ..., or pass.").
    after = printed[start:]
    others = [
        line
        for before, line in itertools.pairwise(after)
        if not re.search(r"\b(you|your|Ana|Cleo)\b", line, re.IGNORECASE)
        and not re.match(r"Your (pick|turn)", before)
    ]
    assert len(others) > 10
    at = heard.index("Table 1: the game starts.")
    for line in others:  # each in the browser's history, in order
        at = heard.index(line, at) + 1


def test_cards_are_picked_with_space_and_passed_with_enter(tmp_path: Path) -> None:
    """Consonants' pass of four cards: in the listbox, Space selects each card
    (aria-selected, the list multi-selectable), Enter sends them as one move."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            browser.page(server.url)
            browser.register("Ana")  # by keyboard alone
            browser.type("create consonants 3 bots=random target=1")
            browser.key("Enter")
            browser.type("start")
            browser.key("Enter")
            browser.wait("document.getElementById('hand').getAttribute('aria-multiselectable')")
            browser.key("Tab")  # the Send button
            browser.key("Tab")  # the cards
            assert browser.js("document.activeElement.id") == "hand"
            for _ in range(4):
                browser.key("Space")
                browser.key("ArrowRight")
            chosen = browser.js(
                "[...document.querySelectorAll('#hand [aria-selected=true]')]"
                ".map(o => o.textContent)"
            )
            browser.key("Enter")
            passed = browser.wait(f"{HISTORY}.find(l => l.startsWith('You pass '))")
        finally:
            browser.close()
    assert len(chosen) == 4
    assert passed.count(",") + passed.count(" and ") >= 3  # four cards, in one move
