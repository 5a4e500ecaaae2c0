"""The `Store` interface, the same answers from each store (issue 35): the
embedded SQLite store and the Redis one, a real `redis-server` of the test's
own (redistools.py). What the server relies on: a taken name refused, sessions
kept and dropped by their expiry, tables numbered and listed oldest first by
state, a change to a table that is not there changing nothing, and each
journal read back whole and in order, numbered from 1 per table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import redis

from redistools import RedisServer
from sixdot.server.storage import (
    Account,
    Entry,
    EntryKind,
    Seat,
    Session,
    Status,
    Store,
    StoreError,
    TableRecord,
    open_store,
)

RECORD = TableRecord(
    id=0,
    game="letters",
    players=3,
    options=(("turns", 3), ("dictionary", "small")),
    seed=7,
    level="sensible",
    host="Ana",
    lock=None,
    status=Status.WAITING,
    seats=(Seat.person("Ana"), Seat(), Seat.bot("random")),
    rules=2,
    timer=30,
)


@pytest.fixture
def store(where: Path | str) -> Iterator[Store]:
    opened = open_store(where)
    yield opened
    opened.close()


def test_an_account_is_kept_once_and_a_taken_name_is_refused(store: Store) -> None:
    assert store.add_account(Account("ana", "Ana", "$argon2id$one"))
    assert not store.add_account(Account("ana", "ANA", "$argon2id$two"))
    assert store.add_account(Account("ben", "Ben", "$argon2id$three"))
    assert store.account("ana") == Account("ana", "Ana", "$argon2id$one")
    assert store.account("cleo") is None
    assert sorted(store.account_names()) == ["Ana", "Ben"]


def test_sessions_are_replaced_dropped_and_expired_by_the_time_given(store: Store) -> None:
    store.add_session(Session("d1", "ana", 100.5))
    store.add_session(Session("d2", "ben", 200.0))
    store.add_session(Session("d3", "ana", 300.25))
    store.add_session(Session("d1", "ana", 250.0))  # used again: a later expiry
    assert store.session("d1") == Session("d1", "ana", 250.0)
    assert store.session("nobody") is None
    store.drop_session("d3")
    store.drop_session("nobody")
    assert store.session("d3") is None
    assert store.drop_expired(200.0) == 1  # exactly at its expiry, d2 is gone
    assert (store.session("d1"), store.session("d2")) == (Session("d1", "ana", 250.0), None)
    assert store.drop_expired(200.0) == 0
    assert store.drop_expired(1e12) == 1
    assert store.session("d1") is None


def test_tables_are_numbered_kept_whole_and_listed_oldest_first(store: Store) -> None:
    first = store.add_table(RECORD)
    second = store.add_table(replace(RECORD, lock="$argon2id$x"))
    third = store.add_table(RECORD)
    assert first < second < third
    assert store.table(first) == replace(RECORD, id=first)
    assert store.table(second).lock == "$argon2id$x"  # type: ignore[union-attr]
    assert store.table(third + 1) is None
    store.set_status(first, Status.PLAYING)
    store.set_status(third, Status.OVER)
    store.set_seats(second, [Seat.person("Ana"), Seat.person("Ben"), Seat.bot("easy")])
    store.set_host(second, "Ben")
    store.set_rules(first, 5)
    live = store.tables([Status.WAITING, Status.PLAYING])
    assert [t.id for t in live] == [first, second]
    assert [t.id for t in store.tables([Status.OVER])] == [third]
    assert store.tables([]) == []
    assert store.table_ids([Status.WAITING, Status.PLAYING]) == [first, second]
    assert store.table_ids([Status.OVER]) == [third]
    assert store.table_ids([]) == []
    assert (live[0].status, live[0].rules) == (Status.PLAYING, 5)
    assert (live[1].host, live[1].seats[1]) == ("Ben", Seat.person("Ben"))


def test_a_change_to_a_table_that_is_not_there_changes_nothing(store: Store) -> None:
    """As SQL's UPDATE of no row: no table appears, half made."""
    store.set_status(1, Status.OVER)
    store.set_seats(1, [Seat()])
    store.set_host(1, "Ana")
    store.set_rules(1, 3)
    assert store.table(1) is None
    assert store.tables(list(Status)) == []


def test_each_journal_is_read_back_whole_in_order_and_numbered_from_1(store: Store) -> None:
    one, two = store.add_table(RECORD), store.add_table(RECORD)
    lines = [
        Entry(EntryKind.MOVE, 0, "Ana", "discard Q"),
        Entry(EntryKind.CHAT, None, "Ben", "well played, ünïcode ✓"),
        Entry(EntryKind.MOVE, 2, "", "out CAT"),
        Entry(EntryKind.CHAT, 1, "Ana", ""),
        Entry(EntryKind.CHAT, 0, "Ben", 'a "quote", a \\ and a / over\ntwo lines\t\x01 😀'),
    ]
    numbers = [store.append(one, line) for line in lines]
    assert store.append(two, lines[0]) == 1
    assert numbers == [1, 2, 3, 4, 5]
    assert store.journal(one) == lines
    assert store.journal(two) == lines[:1]
    assert store.journal(two + 1) == []


def test_lines_of_many_tables_kept_in_one_write_are_each_journals_in_order(
    store: Store,
) -> None:
    """`append_all`, as the server journals the moves of one turn of its loop:
    each table's lines after those it had, in their order, numbered on."""
    one, two = store.add_table(RECORD), store.add_table(RECORD)
    first = Entry(EntryKind.CHAT, None, "Ana", "hello")
    store.append(one, first)
    moves = [Entry(EntryKind.MOVE, seat, "", f"discard {card}") for seat, card in enumerate("QXZ")]
    written = [(one, moves[0]), (two, moves[1]), (one, moves[2]), (two, moves[0])]
    assert store.append_all(written) == set()
    assert store.append_all([]) == set()
    assert store.journal(one) == [first, moves[0], moves[2]]
    assert store.journal(two) == [moves[1], moves[0]]
    assert store.append(two, first) == 3


def test_a_journal_write_the_disk_refuses_is_a_store_error_and_keeps_nothing(
    tmp_path: Path,
) -> None:
    """SQLite's "database or disk is full", met here through its own limit on
    the file's pages: a StoreError, as Redis's refusals are, which the server
    meets by trying the moves again (before, SQLite's own error escaped and
    the moves were never kept); none of the write is kept, and once there
    is room the same write is kept whole."""
    store = open_store(tmp_path / "store")
    try:
        one = store.add_table(RECORD)
        store.append(one, Entry(EntryKind.CHAT, None, "Ana", "hello"))
        db = store._db  # type: ignore[attr-defined]  # SQLite's own limit, set on its file
        (pages,) = db.execute("PRAGMA page_count").fetchone()
        db.execute(f"PRAGMA max_page_count = {pages}")
        long = [(one, Entry(EntryKind.MOVE, 0, "", "x" * 2000)) for _ in range(20)]
        with pytest.raises(StoreError) as refused:
            store.append_all(long)
        assert refused.value.key == "online-store-cannot"
        assert "full" in str(refused.value.facts["why"])
        assert len(store.journal(one)) == 1
        db.execute(f"PRAGMA max_page_count = {pages * 100}")
        assert store.append_all(long) == set()
        assert len(store.journal(one)) == 21
    finally:
        store.close()


def test_a_redis_that_cannot_be_reached_is_refused_in_one_line(
    redis_server: RedisServer,
) -> None:
    redis_server.kill()
    with pytest.raises(StoreError) as refused:
        open_store(f"redis://:s3cret@127.0.0.1:{redis_server.port}/0")
    assert refused.value.key == "online-store-unreachable"
    assert refused.value.facts["url"] == f"redis://:***@127.0.0.1:{redis_server.port}/0"
    assert "s3cret" not in str(refused.value.facts["why"])


def test_damage_in_redis_is_named_not_a_traceback(
    redis_server: RedisServer,
) -> None:
    """Keys another program wrote under sixdot's: a journal line of no
    known kind, a table's record cut short, a key of another type."""
    store = open_store(redis_server.url)
    table_id = store.add_table(RECORD)
    raw = redis.Redis(port=redis_server.port, decode_responses=True)
    raw.xadd(f"sixdot:journal:{table_id}", {"kind": "bet", "seat": "", "author": "", "text": ""})
    raw.hdel(f"sixdot:table:{table_id}", "seed")
    raw.set("sixdot:accounts", "not a hash")
    damaged = [
        (
            lambda: store.journal(table_id),
            f"table {table_id} has a journal line 1 of no known kind",
        ),
        (lambda: store.table(table_id), f"table {table_id} has a bad record (KeyError)"),
    ]
    for read, why in damaged:
        with pytest.raises(StoreError) as refused:
            read()
        assert (refused.value.key, refused.value.facts["why"]) == ("online-store-damaged", why)
    with pytest.raises(StoreError) as refused:
        store.account("ana")
    assert refused.value.key == "online-store-damaged"
    assert str(refused.value.facts["why"]).startswith("WRONGTYPE")
    raw.set("sixdot:version", 99)
    with pytest.raises(StoreError) as refused:
        open_store(redis_server.url)
    assert (refused.value.key, refused.value.facts["version"]) == ("online-store-newer", 99)
    raw.close()
    store.close()


def test_the_live_tables_a_person_sits_at_are_found_by_name(store: Store) -> None:
    """What finds a returning player's table: the live tables where the
    name sits as a person, oldest first; not one left, nor one over, nor
    one where the name is a bot's or another's."""
    first = store.add_table(RECORD)  # Ana sits in seat 1
    second = store.add_table(replace(RECORD, seats=(Seat.person("Ben"), Seat(), Seat())))
    third = store.add_table(replace(RECORD, seats=(Seat(), Seat(), Seat())))
    store.set_seats(third, (Seat(), Seat.person("Ana"), Seat()))
    assert [t.id for t in store.seated("Ana")] == [first, third]
    assert [t.id for t in store.seated("Ben")] == [second]
    assert store.seated("Cleo") == [] and store.seated("random") == []
    store.set_seats(first, (Seat(), Seat(), Seat.bot("random")))  # she left
    store.set_status(third, Status.OVER)
    assert store.seated("Ana") == []
    store.set_seats(first, (Seat.person("Ana"), Seat(), Seat()))  # back
    assert [t.id for t in store.seated("Ana")] == [first]


def test_a_redis_of_version_1_is_brought_to_2_and_finds_who_sits_where(
    redis_server: RedisServer,
) -> None:
    """A store laid out by a version-1 sixdot (it did not note who sits
    where) is noted and marked version 2 when next opened; opened again,
    it is left as it is."""
    opened = open_store(redis_server.url)
    table_id = opened.add_table(RECORD)
    opened.close()
    raw = redis.Redis(port=redis_server.port)
    assert raw.get("sixdot:version") == b"2"
    raw.delete("sixdot:seated:Ana")
    raw.set("sixdot:version", 1)
    again = open_store(redis_server.url)
    assert [t.id for t in again.seated("Ana")] == [table_id]
    assert raw.get("sixdot:version") == b"2"
    again.close()
    raw.close()
