"""`sixdot serve`: start a server with nothing to configure, stop it with Ctrl+C."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from pathlib import Path

import platformdirs

from sixdot.present.phrasebook import Phrasebook
from sixdot.server.app import Listening, run, tls_context
from sixdot.visible import visible


def data_folder(given: str | None) -> Path:
    """Where a server keeps its store: --data, or sixdot's data folder."""
    return Path(given) if given else platformdirs.user_data_path("sixdot") / "server"


def serve_command(
    host: str, port: int, data: str | None, certfile: str | None, keyfile: str | None
) -> int:
    """Run the server until interrupted; 2 with one line when it cannot start."""
    words = Phrasebook()

    def say(line: str) -> None:
        print(visible(line), flush=True)

    if (certfile is None) != (keyfile is None):
        say(words("online-serve-tls-pair"))
        return 2
    tls: ssl.SSLContext | None = None
    if certfile and keyfile:
        try:
            tls = tls_context(certfile, keyfile)
        except (OSError, ssl.SSLError) as err:
            say(words("online-serve-tls-bad", file=certfile, why=str(err)))
            return 2
    folder = data_folder(data)
    logging.basicConfig(level=logging.WARNING, format="sixdot serve: %(message)s")

    def started(where: Listening) -> None:
        say(words("online-serve-listening", url=where.url, folder=str(folder)))

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
                loop.add_signal_handler(sig, stop.set)
        await run(folder, host, port, tls, started, stop, own_process=True)

    try:
        asyncio.run(main())
    except OSError as err:
        say(words("online-serve-cannot", where=f"{host}:{port}", why=err.strerror or str(err)))
        return 2
    except KeyboardInterrupt:
        pass
    say(words("online-serve-stopped"))
    sys.stdout.flush()
    return 0
