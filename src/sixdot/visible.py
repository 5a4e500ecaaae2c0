"""Outside text made safe to print, speak or braille: one sanitiser for all of it.

Typed lines, file contents, names and (later) network messages may hold control
characters and escape sequences. Written raw, ESC [ 2 J clears a player's
screen and ESC ] 0 ; retitles it; a screen reader may speak them as noise. So
every such character is shown by a visible name instead, and text quoted back
in an error is cut to a short excerpt.

>>> visible("red\\x1b[31m")
'red<ESC>[31m'
>>> visible("a\\x00b\\x7f")
'a<NUL>b<DEL>'
>>> visible("right\\u202eleft")
'right<U+202E>left'
>>> excerpt("x" * 100, 10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import unicodedata

#: Names a player may know for the commonest control characters.
NAMES = {0: "NUL", 7: "BEL", 8: "BS", 9: "TAB", 10: "LF", 13: "CR", 27: "ESC", 127: "DEL"}

#: Unicode categories never written raw: controls, formats (bidirectional
#: overrides among them), surrogates, private use, unassigned, line and paragraph
#: separators.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: How much of outside text an error quotes back.
EXCERPT = 40


def _name(char: str) -> str:
    code = ord(char)
    return f"<{NAMES.get(code) or f'U+{code:04X}'}>"


def visible(text: str) -> str:
    """`text` with every control or invisible formatting character named, never raw."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(_name(char) if unicodedata.category(char) in HIDDEN else char for char in text)


def excerpt(text: str, most: int = EXCERPT) -> str:
    """`text` made visible and cut to `most` characters, an ellipsis marking a cut."""
    shown = visible(text.strip())
    return shown if len(shown) <= most else shown[: most - 1] + "…"
