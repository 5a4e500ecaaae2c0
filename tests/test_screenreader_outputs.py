"""Speech through NVDA, JAWS, SAPI, System Access and VoiceOver (issue 32).

Their accessible-output2 outputs load Windows or macOS libraries, so they
cannot be made here. Each is stood in for by a fake whose methods are exactly
those the installed library's class defines (read from its source, with its
base class's), so a method sixdot calls that a real output lacks fails here:
as `silence` did for JAWS and System Access, which have none. What only a
real Windows or Mac shows (the screen reader actually speaking) is said in
docs/speech.md.
"""

from __future__ import annotations

import ast
import threading
from pathlib import Path
from typing import Any

import pytest

from sixdot.output.screenreader import ScreenReader

accessible_output2 = pytest.importorskip("accessible_output2")
#: The installed library's output modules, read as text: they import Windows
#: and macOS modules, so they cannot be imported here.
OUTPUTS = Path(accessible_output2.__file__).parent / "outputs"


def methods(module: str) -> dict[str, list[str]]:
    """The methods of `module`'s output class and of the base `Output`, with
    their parameters, as the installed library's source defines them."""
    found: dict[str, list[str]] = {}
    for name, wanted in (("base", "Output"), (module, None)):
        tree = ast.parse((OUTPUTS / f"{name}.py").read_text(encoding="utf-8"))
        if wanted is None:
            wanted = next(
                node.value.id
                for node in tree.body
                if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "output_class" for t in node.targets)
                and isinstance(node.value, ast.Name)
            )
        cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == wanted)
        for item in cls.body:
            if isinstance(item, ast.FunctionDef):
                found[item.name] = [a.arg for a in item.args.args[1:]] + (
                    ["**"] if item.args.kwarg else []
                )
    return found


def fake(module: str) -> tuple[type, list[tuple[str, tuple[Any, ...], int]]]:
    """A class with exactly the real output's methods, each recording its call
    and the thread it came on; and that record."""
    calls: list[tuple[str, tuple[Any, ...], int]] = []

    def recorder(name: str, params: list[str]) -> Any:
        def method(self: object, *args: Any, **kwargs: Any) -> None:
            named = [p for p in kwargs if p not in params and "**" not in params]
            assert not named, f"{module}.{name} takes no {named}"
            calls.append((name, (*args, *kwargs.items()), threading.get_ident()))

        return method

    body = {
        name: recorder(name, params)
        for name, params in methods(module).items()
        if name != "__init__"
    }
    body["__init__"] = lambda self: calls.append(("__init__", (), threading.get_ident()))
    return type(f"Fake{module}", (), body), calls


@pytest.mark.parametrize("module", ["nvda", "jaws", "sapi5", "system_access", "voiceover"])
def test_each_output_is_spoken_to_and_cut_short_on_its_own_thread(module: str) -> None:
    output, calls = fake(module)
    reader = ScreenReader(output)
    reader.speak("Ana plays Q.", threading.Event())
    reader.cancel()  # the game's thread cuts speech short
    reader.close()
    names = [name for name, _, _ in calls]
    assert names[:2] == ["__init__", "speak"]
    assert calls[1][1] == ("Ana plays Q.", ("interrupt", False))
    if "silence" in methods(module):
        assert names[2] == "silence"
    else:  # JAWS and System Access: an empty line said with interrupt
        assert calls[2][:2] == ("speak", ("", ("interrupt", True)))
    # Made, spoken to and cut short on one thread, not the caller's: COM
    # objects belong to the thread that made them.
    assert len({thread for _, _, thread in calls}) == 1
    assert calls[0][2] != threading.get_ident()


def test_an_output_that_cannot_be_made_says_why_to_the_caller() -> None:
    def broken() -> object:
        raise RuntimeError("no COM server")

    with pytest.raises(RuntimeError, match="no COM server"):
        ScreenReader(broken)


def test_a_line_stopped_before_it_is_handed_over_is_not_said() -> None:
    output, calls = fake("nvda")
    reader = ScreenReader(output)
    stopped = threading.Event()
    stopped.set()
    reader.speak("Ben plays X.", stopped)
    reader.close()
    assert [name for name, _, _ in calls] == ["__init__"]


def test_lines_and_the_focus_reach_the_screen_readers_braille_display() -> None:
    """`--braille screenreader`: NVDA's and JAWS's outputs define braille."""
    from sixdot.output.screenreader import ScreenReaderBraille

    for module in ("nvda", "jaws"):
        output, calls = fake(module)
        display = ScreenReaderBraille(ScreenReader(output))
        display.deliver("Ana plays Q.")
        display.show_focus(["Q", "X, 8 points"], at=1)
        display.close()
        brailled = [args[0] for name, args, _ in calls if name == "braille"]
        assert brailled == ["Ana plays Q.", "X, 8 points"]
        assert len({thread for _, _, thread in calls}) == 1


def test_on_linux_the_screen_readers_braille_is_brltty() -> None:
    """Orca's display is BRLTTY's: one notice says to use brlapi, and play goes on."""
    from clienttools import run

    result = run("play", "alphabeticell", "--seed", "3", "--braille", "screenreader")
    assert result.rc == 0 and "You play seat 1." in result.out
    assert result.err.splitlines() == [
        "sixdot: Braille display off: on Linux use --braille brlapi."
    ]
