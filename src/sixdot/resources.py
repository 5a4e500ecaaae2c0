"""Where the shared data folders live, installed or in a source checkout.

The phrasebooks (`speech/`), braille tables (`braille/`) and player docs
(`docs/`) sit at the top of the repository so that each fact has one home.
A wheel carries them as `sixdot/_shared/...`; an editable install reads them
from the checkout.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shared_dir(name: str) -> Path:
    """The folder `name` (speech, braille or docs), wherever it was installed."""
    for candidate in (_PACKAGE / "_shared" / name, _PACKAGE.parents[1] / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"sixdot data folder {name!r} is missing from this installation")


def cache_dir(name: str) -> Path:
    """The folder for cached `name` (phrasebooks, lexicons): SIXDOT_CACHE/name if
    that is set (tests, profiles), else under the user's cache folder.

    Only sixdot writes there, and only what it can make again: anything found
    there is checked before use.
    """
    override = os.environ.get("SIXDOT_CACHE")
    if override:
        return Path(override) / name
    import platformdirs  # the settings have it loaded already; a bare import need not

    return platformdirs.user_cache_path("sixdot") / name
