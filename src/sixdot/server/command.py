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
from sixdot.server.storage import LEASE, StoreError, shown
from sixdot.visible import visible


def data_folder(given: str | None) -> Path:
    """Where a server keeps its store: --data, or sixdot's data folder."""
    return Path(given) if given else platformdirs.user_data_path("sixdot") / "server"


#: Each operator's log line: when, how grave, from where, what.
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("sixdot.serve")


def serve_command(
    host: str,
    port: int,
    data: str | None,
    certfile: str | None,
    keyfile: str | None,
    log_level: str = "warning",
    store: str | None = None,
    lease: float | None = None,
) -> int:
    """Run the server until interrupted; 2 with one line when it cannot start.

    Its address, and that it stopped, are said on stdout; everything for the
    operator (refusals, faults, tables restored) is logged on stderr, each
    line with its time and level. `store`: a Redis's URL to keep everything
    in, instead of the SQLite store in the data folder, its tables played by
    this process while it holds their leases, `lease` seconds each."""
    words = Phrasebook()
    logging.basicConfig(level=log_level.upper(), format=LOG_FORMAT, stream=sys.stderr)

    def say(line: str) -> None:
        print(visible(line), flush=True)

    def refuse(key: str, **facts: object) -> int:
        log.error("%s", visible(words(key, **facts)))
        return 2

    if (certfile is None) != (keyfile is None):
        return refuse("online-serve-tls-pair")
    tls: ssl.SSLContext | None = None
    if certfile and keyfile:
        try:
            tls = tls_context(certfile, keyfile)
        except (OSError, ssl.SSLError) as err:
            return refuse("online-serve-tls-bad", file=certfile, why=str(err))
    where: Path | str = store or data_folder(data)

    def started(listening: Listening) -> None:
        say(words("online-serve-listening", url=listening.url, folder=shown(str(where))))

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers
                loop.add_signal_handler(sig, stop.set)
        await run(where, host, port, tls, started, stop, own_process=True, lease=lease or LEASE)

    try:
        asyncio.run(main())
    except StoreError as err:
        return refuse(err.key, **err.facts)
    except OSError as err:
        return refuse("online-serve-cannot", where=f"{host}:{port}", why=err.strerror or str(err))
    except KeyboardInterrupt:
        pass
    say(words("online-serve-stopped"))
    sys.stdout.flush()
    return 0
