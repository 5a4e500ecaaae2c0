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
from webtools import ARTIFACTS, AXE, CHROMIUM, HISTORY, LINES, URGENT, Browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium (scripts/system-packages)")

CALM = f"[...document.querySelectorAll('{LINES}:not(.urgent)')].map(line => line.textContent)"
LOGGED = "[...document.querySelectorAll('#log p')].map(p => p.textContent)"


def names(nodes: list[dict[str, Any]], role: str) -> list[str]:
    """The accessible names of the tree's nodes of `role`."""
    return [
        str(n.get("name", {}).get("value", ""))
        for n in nodes
        if n.get("role", {}).get("value") == role and not n.get("ignored")
    ]


def said_in_list(nodes: list[dict[str, Any]]) -> list[str]:
    """The text of each item of the list named "What was said" (the page's
    history) in the accessibility tree, in order, through the nodes a screen
    reader passes over."""
    by_id = {n["nodeId"]: n for n in nodes}
    (history,) = [
        n
        for n in nodes
        if n["role"].get("value") == "list" and n.get("name", {}).get("value") == "What was said"
    ]

    def texts(node: dict[str, Any]) -> list[str]:
        if node["role"].get("value") == "StaticText":
            return [str(node["name"]["value"])]
        return [t for child in node.get("childIds", []) for t in texts(by_id[child])]

    def items(node: dict[str, Any]) -> list[str]:
        if node["role"].get("value") == "listitem":
            return ["".join(texts(node))]
        return [i for child in node.get("childIds", []) for i in items(by_id[child])]

    return items(history)


def rendered(browser: Browser) -> list[bool]:
    """Whether the history's first and newest lines are rendered (not in a
    part skipped by content-visibility)."""
    found: list[bool] = browser.js(
        f"(all => [all[0], all.at(-1)])([...document.querySelectorAll('{LINES}')])"
        ".map(line => line.checkVisibility({contentVisibilityAuto: true}))"
    )
    return found


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
            browser.send(f"create {game} 3 bots=random {SHORT[game]}")
            browser.wait(f"{HISTORY}.some(l => l.includes('you sit in seat 1'))")
            browser.send("start")
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
                    browser.send("1")
                time.sleep(0.05)
            browser.wait(f"{HISTORY}.at(-1).startsWith('Table 1 is over')")
            problems["over"] = serious(browser)
            logged, heard = browser.js(LOGGED), browser.js(HISTORY)
            listed, shown = said_in_list(browser.ax_tree()), rendered(browser)
            urgent, calm = browser.js(URGENT), browser.js(CALM)
            regions = browser.js(
                "[...document.querySelectorAll('[aria-live]')].map(e => e.ariaLive)"
            )
        finally:
            browser.close()
    # The tree a screen reader reads: the log region, and the cards as options
    # of a listbox named by the terminal's own focus labels.
    assert "log" in [n.get("role", {}).get("value") for n in tree]
    assert listbox and set(listbox) <= set(names(tree, "option"))
    assert "Your cards and moves" in names(tree, "listbox")
    # Each line said once, in order, in the one log region (the urgent ones,
    # turns, too: an assertive region makes Orca drop the polite lines still
    # waiting); the history shows them all, the urgent ones marked.
    assert "Game over." in heard and any(re.search(r"\bwins? with", line) for line in heard)
    assert urgent and calm
    assert len(urgent) + len(calm) == len(heard)
    assert logged == heard[-len(logged) :] and len(logged) == min(len(heard), 200)
    assert regions == ["polite"]
    # Every line is an item of the one history list a screen reader reads, in
    # order; only the lines in sight are rendered, so a line's cost does not
    # grow with the history (the newest shown; the first, long out of sight, not).
    assert listed == heard
    assert len(heard) > 200 and shown == [False, True]
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
            browser.send("create alphabeticell 3 bots=random target=5")
            browser.wait(f"{HISTORY}.some(l => l.includes('you sit in seat 1'))")
            register(cleo, "password1", "password1")
            cleo.until("Logged in")
            cleo.type("sit 1")
            cleo.until("you sit in seat 2")
            browser.send("start")
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
                    browser.send("1")
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
            browser.send("create consonants 3 bots=random target=1")
            browser.send("start")
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


ACTIVE = (
    "document.getElementById(document.getElementById('hand')"
    ".getAttribute('aria-activedescendant')).textContent"
)


#: The log region's lines after the one marked `data-before` (all, if none is).
AFTER_MARK = """(() => {
  const all = [...document.querySelectorAll('#log p')];
  return all.slice(all.findIndex(p => p.dataset.before) + 1).map(p => p.textContent);
})()"""


def said_by(browser: Browser, press: Any) -> list[str]:
    """The lines `press()` adds to the log region, once they stop coming. The
    newest line is marked first: the region keeps only its newest 200 lines,
    so once full its count no longer grows."""
    browser.js(
        "(() => { document.querySelectorAll('#log p[data-before]')"
        ".forEach(p => delete p.dataset.before);"
        "const newest = document.querySelector('#log p:last-child');"
        "if (newest) newest.dataset.before = 'yes'; })()"
    )
    press()
    browser.wait(f"{AFTER_MARK}.length > 0")
    while True:  # an answer's lines come in one message: wait for it whole
        count = len(browser.js(AFTER_MARK))
        time.sleep(0.3)
        said = list(browser.js(AFTER_MARK))
        if len(said) == count:
            return said


def at_a_pass(browser: Browser, server: Background, in_cards: bool = False) -> None:
    """Ana at Consonants' pass of four cards, the cards shown; with `in_cards`,
    the focus in them (Tab past Send)."""
    browser.playing(server.url, "consonants 3 bots=random target=1")
    browser.wait("document.getElementById('hand').getAttribute('aria-multiselectable')")
    if in_cards:
        browser.key("Tab")
        browser.key("Tab")


def test_review_keys_answer_in_the_log_as_their_typed_commands(tmp_path: Path) -> None:
    """F1 to F12, Page Up and Page Down run the seat's own review commands:
    each key's lines are the typed command's, in the log region, and what was
    typed and the focused card stay as they were (docs/keys.md)."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            at_a_pass(browser, server)
            browser.type("xy")  # typed, not sent: the keys leave it there
            up = said_by(browser, lambda: browser.key("PageUp"))
            further = said_by(browser, lambda: browser.key("PageUp"))
            down = said_by(browser, lambda: browser.key("PageDown"))
            heard = browser.js(HISTORY)
            pressed: dict[str, list[str]] = {}
            for number in range(1, 13):
                if number == 7:  # the rest from the cards, the third one focused
                    browser.key("Tab")
                    browser.key("Tab")
                    browser.key("ArrowRight")
                    browser.key("ArrowRight")
                    focused = browser.js(ACTIVE)
                    assert browser.js("document.activeElement.id") == "hand"
                pressed[f"F{number}"] = said_by(browser, lambda n=number: browser.key(f"F{n}"))
            kept = (browser.js(ACTIVE), browser.js("document.activeElement.id"))
            browser.key("Escape")  # back to the command field, the typed text kept
            line = browser.js("document.getElementById('line').value")
            browser.key("Escape")  # which Escape clears
            asked = said_by(browser, lambda: browser.key("?"))
            browser.type(" ")  # a field of spaces is empty, as in the terminal
            spaced = said_by(browser, lambda: browser.key("?"))
            browser.key("Escape")
            typed = {}
            for key, name in zip(
                pressed,
                [
                    "keys",
                    "turn",
                    "table",
                    "last",
                    "score",
                    "repeat",
                    "hand",
                    "moves",
                    "trick",
                    "previous",
                    "players",
                    "status",
                ],
                strict=True,
            ):
                browser.type(name)
                typed[key] = said_by(browser, lambda: browser.key("Enter"))
            # A start of two commands is a numbered question; the number answers it.
            browser.type("hi")
            question = said_by(browser, lambda: browser.key("Enter"))
            browser.type("2")
            answered = said_by(browser, lambda: browser.key("Enter"))
            browser.type("hint")
            hint = said_by(browser, lambda: browser.key("Enter"))
        finally:
            browser.close()
    assert line == "xy" and kept == (focused, "hand")
    assert pressed == typed and all(pressed.values())
    assert asked == pressed["F1"] and "F7: your hand" in asked
    assert spaced == asked
    assert question == [
        '"hi" could be 2 things. Which one? Type a number or a name:',
        "1. history",
        "2. hint",
    ]
    assert answered == hint and hint[0].startswith("Hint: ")
    assert pressed["F7"][0].startswith("Your hand")
    # Page Up walks back from the newest line, Page Down forward again (to
    # the newest, whose end it says).
    assert len(up) == len(further) == 1 and down[-1] == up[0]
    assert heard.index(further[0]) < heard.index(up[0])


def test_the_cards_walk_as_the_terminals_do(tmp_path: Path) -> None:
    """The keys of docs/keys.md that walk the cards: the ends said in the log
    (the focus kept), Up and Down by group, Shift+Home and Shift+End within
    one, Ctrl+arrows by playable card, letters typed ahead, and letters that
    start no card given to the command field; Escape, and Up in the field."""
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            at_a_pass(browser, server, in_cards=True)
            labels = browser.js(
                "[...document.querySelectorAll('#hand [role=option]')].map(o => o.textContent)"
            )
            shown = {}

            def press(name: str, **held: bool) -> str:
                browser.key(name, **held)
                return str(browser.js(ACTIVE))

            ends = {"left": said_by(browser, lambda: press("ArrowLeft"))}
            shown["left"] = browser.js(ACTIVE)
            ends["up"] = said_by(browser, lambda: press("ArrowUp"))
            ends["ctrl-left"] = said_by(browser, lambda: press("ArrowLeft", ctrl=True))
            shown["ctrl-right"] = press("ArrowRight", ctrl=True)
            shown["down"] = press("ArrowDown")
            shown["shift-end"] = press("End", shift=True)
            shown["shift-home"] = press("Home", shift=True)
            shown["ctrl-end"] = press("End", ctrl=True)  # as the terminal's, for VTE's sake
            shown["ctrl-home"] = press("Home", ctrl=True)
            shown["end"] = press("End")
            ends["right"] = said_by(browser, lambda: press("ArrowRight"))
            ends["down"] = said_by(browser, lambda: press("ArrowDown"))
            shown["after-ends"] = browser.js(ACTIVE)
            shown["home"] = press("Home")
            # A consonant's own card (vowel cards show vowels): a letter goes to
            # the next card showing it, and again to the next one after that.
            letter = next(x[0] for x in labels if re.match(r"[B-DF-HJ-NP-TVXZ];", x))
            shown["letter"] = press(letter.lower())
            shown["again"] = press(letter.lower())
            # No card starts so: all typed since the last walk is text in the
            # command field, as on the terminal's line.
            browser.key("7")
            field = browser.js("[document.activeElement.id, document.activeElement.value]")
            browser.key("Escape")
            cleared = browser.js("document.getElementById('line').value")
            browser.key("ArrowUp")  # the line sent last
            recalled = browser.js("document.getElementById('line').value")
        finally:
            browser.close()
    assert ends == {
        "left": ["First item."],
        "up": ["First group."],
        "ctrl-left": ["No playable card further."],
        "right": ["Last item."],
        "down": ["Last group."],
    }
    assert shown["left"] == labels[0] and shown["ctrl-right"] == labels[1]
    group = shown["down"].partition(" in ")[2]  # "Vowels E" of "...; 1 of 4 in Vowels E"
    members = [label for label in labels if label.endswith(f" in {group}")]
    assert shown["down"] == members[0] and " 1 of " in shown["down"]
    assert shown["shift-end"] == members[-1] and shown["shift-home"] == members[0]
    assert shown["ctrl-end"] == members[-1] and shown["ctrl-home"] == members[0]
    assert shown["end"] == shown["after-ends"] == labels[-1]
    assert shown["home"] == labels[0]
    cards = [label for label in labels if label.startswith(f"{letter};")]
    assert shown["letter"] == cards[0] and shown["again"] == cards[1 % len(cards)]
    assert field == ["line", f"{letter.lower()}7"] and cleared == "" and recalled == "start"


#: How an element stands out: outline, border, weight, underline, background.
LOOKS = """(element => {
  const s = getComputedStyle(element);
  return {outline: s.outlineStyle + ' ' + s.outlineWidth, border: s.borderTopStyle,
          weight: s.fontWeight, line: s.textDecorationLine, background: s.backgroundColor};
})"""


def test_readable_zoomed_in_forced_colours_and_by_touch(tmp_path: Path) -> None:
    """At 200% zoom of a 1280 x 800 window the page does not scroll sideways
    and the cards and the history are there, within its width; in forced
    colours the focused card is outlined and the selected ones bold and
    underlined, not told by a background; on a phone's touch screen the cards
    are buttons, tapped to pick and sent with Send. Screenshots in artifacts/."""
    shots = ARTIFACTS / "web"
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            at_a_pass(browser, server, in_cards=True)
            browser.key("Space")  # the first card selected
            browser.key("ArrowRight")  # the second focused
            browser.viewport(640, 400, scale=2)
            sideways = browser.js(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            boxes = browser.js(
                "['hand', 'history', 'line'].map(id => { const r = document.getElementById(id)"
                ".getBoundingClientRect(); return [r.left, r.right, r.height]; })"
            )
            width = browser.js("document.documentElement.clientWidth")
            browser.capture(shots / "zoom-200-1280x800.png")
            forced_colours = [{"name": "forced-colors", "value": "active"}]
            browser.call("Emulation.setEmulatedMedia", features=forced_colours)
            forced = browser.js("matchMedia('(forced-colors: active)').matches")
            looks = browser.js(
                f"[...document.querySelectorAll('#hand [role=option]')].slice(0, 3).map({LOOKS})"
            )
            ring = browser.js(f"{LOOKS}(document.getElementById('hand'))")
            browser.capture(shots / "forced-colours-zoom-200.png")
            browser.call("Emulation.setEmulatedMedia", features=[])
            browser.viewport(390, 844, touch=True)
            browser.call("Page.reload")  # the session comes back, the cards with it
            browser.wait("document.querySelectorAll('#hand button').length >= 4")
            options = browser.js("document.querySelectorAll('#hand [role=option]').length")
            for place in range(1, 5):
                browser.tap(f"#hand li:nth-child({place}) button")
            pressed = browser.js(
                "[...document.querySelectorAll('#hand button')].map(b => b.ariaPressed)"
            )
            browser.capture(shots / "touch-390x844.png")
            touch_problems = serious(browser)
            browser.tap("#command-form button")  # Send
            passed = browser.wait(f"{HISTORY}.find(l => l.startsWith('You pass '))")
            # A card tapped is played and the cards shown anew: the focus stays
            # among them (or in the command field), not lost to the page.
            cards = "[...document.querySelectorAll('#hand button:not([aria-pressed])')]"
            browser.wait(f"{cards}.length")
            held = browser.js(f"{cards}.length")
            playable = browser.js(f"{cards}.findIndex(b => !b.textContent.includes('cannot'))")
            browser.tap(f"#hand li:nth-child({playable + 1}) button")
            browser.wait(f"{cards}.length < {held}")
            kept = browser.js("document.activeElement.closest('#hand, #command-form') !== null")
        finally:
            browser.close()
    assert sideways == 0
    for left, right, height in boxes:
        assert 0 <= left < right <= width and height > 0
    assert forced
    selected, focused, other = looks
    assert focused["outline"] == "solid 3px" and other["outline"].startswith("none")
    assert selected["weight"] == "700" and selected["line"] == "underline"
    assert other["weight"] == "400" and other["line"] == "none"
    assert {look["border"] for look in looks} == {"solid"}
    assert len({look["background"] for look in looks}) == 1  # no meaning by background
    assert ring["outline"] == "solid 3px"  # the list's own focus, by keyboard
    assert options == 0 and pressed[:4] == ["true"] * 4 and set(pressed[4:]) == {"false"}
    assert kept
    assert touch_problems == []  # axe-core, when installed: nothing serious
    assert passed.count(",") + passed.count(" and ") >= 3


def test_the_page_says_when_the_server_is_lost_and_back_and_plays_on(tmp_path: Path) -> None:
    """The server stops mid-game and starts again on its folder and port: the
    page says "Connection lost" once, a move typed meanwhile is said not sent,
    then "Connected again." once; the token kept in the browser's storage
    logs Ana back in, her turn and cards come back, and her move is played."""
    folder = tmp_path / "server"
    server = Background(folder, hasher=QUICK).__enter__()
    port = server.where.port if server.where else 0
    browser = Browser(tmp_path / "chromium")
    try:
        browser.playing(server.url, "alphabeticell 3 bots=random target=5")
        browser.wait(f"{URGENT}.length > 0 && document.querySelectorAll('#hand li').length")
        token = browser.js("localStorage.getItem('sixdot-token')")
        server.__exit__()  # stopped: the page finds its line gone
        browser.wait("document.getElementById('status').textContent.startsWith('Connection lost')")
        lost = len(browser.js(HISTORY))
        browser.send("1")
        not_sent = browser.wait(f"{HISTORY}.slice({lost}).find(l => l.startsWith('Not sent'))")
        # "Not sent" is urgent too: the turn asked again is the next urgent line,
        # and the cards shown after it are the new ones (the login clears them).
        asked = browser.js(f"{URGENT}.length")
        browser.key("Tab")  # Send
        browser.key("Tab")  # the cards, where Ana is when the line comes back
        server = Background(folder, hasher=QUICK, port=port).__enter__()
        browser.wait("document.getElementById('status').textContent === 'Connected again.'")
        # The turn asked again (the move never left), the cards with it.
        browser.wait(f"{URGENT}.length > {asked} && document.querySelectorAll('#hand li').length")
        back = len(browser.js(HISTORY))
        cards = browser.js("document.querySelectorAll('#hand li').length")
        kept = browser.js("document.activeElement.id")  # not taken by the login
        browser.key("1")  # from the cards: typed text in the command field
        browser.key("Enter")
        browser.wait(f"{HISTORY}.slice({back}).some(l => l.startsWith('You '))")
        heard = browser.js(HISTORY)
    finally:
        browser.close()
        server.__exit__()
    assert token and not_sent == "Not sent: the connection is down."
    assert heard.count("Connection lost: trying again.") == 1
    assert heard.count("Connected again.") == 1
    assert heard.index("Connected again.") > heard.index("Connection lost: trying again.")
    assert heard[heard.index("Connected again.") + 1].startswith("Logged in as Ana")
    assert sum("Type register or login" in line for line in heard) == 1  # at first only
    assert cards > 0 and kept == "hand"


def test_the_board_is_walked_as_a_grid(tmp_path: Path) -> None:
    """Alphagon's squares in the cards list: each arrow moves one square that
    way, or, at the board's edge, says so and keeps the square."""
    square = re.compile(r"([A-Z])(\d+), ")
    keys = ["ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown", *["ArrowDown"] * 14]
    steps = []
    with Background(tmp_path / "server", hasher=QUICK) as server:
        browser = Browser(tmp_path / "chromium")
        try:
            browser.playing(server.url, "alphagon 2 bots=random target=5")
            browser.wait("document.querySelectorAll('#hand [role=option]').length > 100")
            browser.key("Tab")
            browser.key("Tab")
            for key in keys:
                before, said = browser.js(ACTIVE), len(browser.js(LOGGED))
                browser.key(key)  # an end is said by the page at once
                steps.append((key, before, browser.js(ACTIVE), browser.js(LOGGED)[said:]))
        finally:
            browser.close()

    def place(label: str) -> tuple[int, int]:
        found = square.match(label)
        assert found, label
        return ord(found[1]), int(found[2])

    way = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
    for key, before, after, said in steps:
        (column, row), (step_column, step_row) = place(before), way[key]
        if said:
            assert said == ["Edge of the board."] and after == before, (key, before)
        else:
            assert place(after) == (column + step_column, row + step_row), (key, before, after)
    assert any(said for *_, said in steps)  # fourteen rows down meet the edge
