"""Shared test helpers: deals, positions and finished hands written the way a reader sees them.

Each helper is offered as a fixture (``deal``, ``position``, ``finished``, ``play``) so a test
states exactly the cards it is about, e.g. ``deal("standard", "13 clubs…", "QS AH …", "*", "*")``.
"""
from __future__ import annotations

import random
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from maca import CardSet, Hand, Rules, Suit
from maca.notation import rules_to_text
from stories import story


def rules_of(rules: str | Rules, **changes: Any) -> Rules:
    """A preset (by name) or a rules object, with some options changed."""
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    return base.replace(**changes) if changes else base


def _fill(rules: Rules, groups: list[str], sizes: list[int | None], used: int) -> list[int]:
    """Each group as a mask; a ``"*"`` group gets the lowest free cards (♣ ♦ ♠ ♥ order)."""
    masks = [0 if g == "*" else CardSet.parse(g).mask for g in groups]
    for m in masks:
        used |= m
    spare = [c for c in range(52) if rules.deck_mask >> c & 1 and not used >> c & 1]
    for i, group in enumerate(groups):
        if group == "*":
            size = sizes[i] if sizes[i] is not None else len(spare)
            masks[i] = sum(1 << c for c in spare[:size])
            spare = spare[size:]
    return masks


def make_deal(rules: str | Rules, *seats: str, number: int | None = None, dealer: int = 0,
              **changes: Any) -> Hand:
    """A hand dealt as written, one card list per seat (``"AS KS 2C"`` or PBN ``"AK..2."``).

    A seat written ``"*"`` gets the lowest cards nobody else holds (clubs first, then ♦ ♠ ♥).
    Without ``number`` the hand is the first of the pass cycle with no passing, so play starts
    at once; give ``number`` to test passing.

    >>> h = make_deal("standard", "*", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "*", "*")
    >>> h.number, str(h.cards(0)), str(h.cards(3))
    (4, 'AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C', 'AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H')
    """
    r = rules_of(rules, **changes)
    if number is None:
        number = next(n for n in range(1, 9) if r.pass_direction(n) == "none")
    masks = _fill(r, list(seats), [r.hand_size] * len(seats), 0)
    return Hand.from_cards(r, [CardSet(m) for m in masks], number=number, dealer=dealer)


def make_position(rules: str | Rules, seats: list[str], taken: list[str] | None = None,
                  trick: str | None = None, **fields: Any) -> Hand:
    """`Hand.from_position` from readable card lists.

    ``seats``: what each seat holds now; ``taken``: what each seat has won, where one ``"*"``
    stands for every card not held, in the trick or won by another seat; ``trick``: the
    leader and the cards played so far, like ``"2:7C,8C"``. Other fields are passed as
    written (``hand=4``, ``peskir="1"``); a rules object is written with its changes. The
    completed tricks are invented (`stories.story`): some legal past that reaches this moment.
    """
    r = rules_of(rules)
    leader_text, _, played = (trick or ":").partition(":")
    in_trick = [CardSet.parse(c) for c in played.split(",") if c]
    hands = [CardSet.parse(s).mask for s in seats]
    text = [rules_to_text(r) if isinstance(rules, Rules) else rules,
            "cards=" + "/".join(CardSet(m).to_pbn() for m in hands)]
    if taken is not None:
        used = sum(c.mask for c in in_trick)
        for m in hands:
            used |= m
        piles = _fill(r, taken, [None] * len(taken), used)
        number, dealer = int(fields.get("hand", 1)), int(fields.get("dealer", 0))
        tricks = story(r, hands, piles, int(leader_text), [next(iter(c)) for c in in_trick],
                       number, dealer)
        text.append("tricks=" + _tricks_text(tricks))
    if trick is not None:
        text.append(f"trick={trick}")
    text += [f"{key}={value}" for key, value in fields.items()]
    return Hand.from_position(" ".join(text))


def _tricks_text(tricks: list) -> str:
    """The ``tricks=`` field of a position: ``leader:card,card,…`` per trick, ``-`` for none."""
    return "/".join(f"{lead}:" + ",".join(map(str, cards)) for lead, cards in tricks) or "-"


def make_finished(rules: str | Rules, won: dict[int, str], rest: int,
                  peskir: str = "-") -> Hand:
    """A hand after its last trick: ``won`` says the cards some seats took (padded with
    point-free cards to whole tricks), seat ``rest`` took everything else and the last trick.

    The padding cards and the tricks are invented (`stories.story`): some legal hand in which
    each seat takes exactly these cards.

    >>> make_finished("standard", {1: "QS"}, rest=0).points()
    (13, 13, 0, 0)
    >>> hand = make_finished("turkish", {1: "QS", 2: "AH KH"}, rest=0)
    >>> hand.penalty_taken(), hand.tricks_won(2), len(hand.tricks)
    ((11, 15, 9, 0), 1, 13)
    """
    r = rules_of(rules)
    n = r.players
    taken = [CardSet.parse(won.get(seat, "")).mask for seat in range(n)]
    used = 0
    for m in taken:
        used |= m
    rng = random.Random(0)
    refusal = ""
    for _ in range(40):
        piles = _padded(r, taken, used, rest, rng)
        try:
            tricks = story(r, [0] * n, piles, rest, [], number=1, dealer=0, attempts=300)
        except AssertionError as exc:
            refusal = str(exc)
            continue
        return make_position(rules, [""] * n, trick=f"{rest}:", peskir=peskir,
                             tricks=_tricks_text(tricks))
    raise AssertionError(f"no finished hand with these tricks taken: {refusal}")


def _padded(rules: Rules, taken: list[int], used: int, rest: int,
            rng: random.Random) -> list[int]:
    """Each seat's taken cards with point-free cards added to make whole tricks, and ``rest``'s
    pile (everything else). The added cards are of one suit, mostly a suit of the seat's own
    cards and below its best card there, so that the seat can win a trick of that suit."""
    n = rules.players
    free = [c for c in range(52) if rules.deck_mask >> c & 1 and not used >> c & 1
            and rules.card_values[c] == 0 and c != rules.lowest_club.index]
    piles = list(taken)
    for seat in range(n):
        need = -taken[seat].bit_count() % n
        if seat == rest or not need:
            continue
        own = [c for c in range(52) if taken[seat] >> c & 1]
        suits = [c // 13 for c in own if c // 13 != Suit.HEARTS] or [rng.randrange(3)]
        suit = rng.choice(suits)
        best = max([c for c in own if c // 13 == suit], default=13 * suit + 12)
        pool = [c for c in free if c // 13 == suit]
        if len([c for c in pool if c < best]) >= need and rng.random() < 0.8:
            pool = [c for c in pool if c < best]
        if len(pool) < need:
            pool = free
        chosen = rng.sample(pool, need)
        piles[seat] |= sum(1 << c for c in chosen)
        free = [c for c in free if c not in chosen]
    everything = rules.deck_mask
    for seat in range(n):
        if seat != rest:
            everything &= ~piles[seat]
    piles[rest] = everything
    return piles


def play_cards(hand: Hand, cards: str) -> Hand:
    """Play the cards in order (``"2C 3C AC 4C"``), each for the seat to move."""
    for card in cards.split():
        hand.play(card)
    return hand


@pytest.fixture
def deal():
    """`make_deal`: a hand dealt as written."""
    return make_deal


@pytest.fixture
def position():
    """`make_position`: a hand at a written moment."""
    return make_position


@pytest.fixture
def finished():
    """`make_finished`: a hand after its last trick, with written tricks won."""
    return make_finished


@pytest.fixture
def play():
    """`play_cards`: play a sequence of cards."""
    return play_cards


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The built site (``python -m maca site --no-serve``), served by the site's own server
    (gzip, cache headers) on a free loopback port; the browser tests skip when it is not built."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from build_site import HTML, make_server

    if not (HTML / "runtime" / "runtime.json").exists():
        pytest.skip("the site is not built: python -m maca site --no-serve")
    server = make_server(HTML, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()



def answered(page: Any, timeout: float = 120_000) -> None:
    """Wait until every live panel of a book page has drawn Python's answers to its clicks: the
    page's worker answers while the page goes on, so a click returns before its answer."""
    page.wait_for_function("() => !document.querySelector('.maca-panel[aria-busy]')",
                           timeout=timeout)


#: the page's long main-thread tasks (``PerformanceObserver``), as ``[start, duration]`` in
#: ``window.macaLongTasks``: give it to ``page.add_init_script`` before the page opens
WATCH_LONG_TASKS = """window.macaLongTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.macaLongTasks.push([task.startTime, task.duration]);
}).observe({ type: "longtask", buffered: true });"""


def longest_task_since(page: Any, since: float) -> float:
    """The longest main-thread task (ms) that started after ``since`` (the page's clock, as
    ``performance.now()`` gives it) on a page watched with `WATCH_LONG_TASKS`."""
    page.wait_for_timeout(300)   # the observer reports a task a moment after it ends
    return page.evaluate("since => Math.max(0, ...window.macaLongTasks"
                         ".filter(([start]) => start >= since).map(([, d]) => d))", since)


# ---- the class server's databases (maca.server): a fresh one per test, SQLite and PostgreSQL --

#: the PostgreSQL URL the server tests use (``.ci/run`` sets it: a Unix socket, no network)
POSTGRES = "MACA_TEST_POSTGRES"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: Any, tmp_path: Path) -> Iterator[str]:
    """A database URL for one test: a SQLite file in ``tmp_path``, or a new PostgreSQL
    database on the server ``$MACA_TEST_POSTGRES`` names (created for the test, dropped after,
    so tests in parallel never meet). Without that variable the PostgreSQL case is skipped,
    unless ``MACA_REQUIRE_POSTGRES=1`` (CI), where it fails."""
    import os
    import secrets

    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    server = os.environ.get(POSTGRES)
    if not server:
        if os.environ.get("MACA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"MACA_REQUIRE_POSTGRES=1 but {POSTGRES} is not set")
        pytest.skip(f"{POSTGRES} is not set (a postgresql+psycopg:// URL of a role with CREATEDB)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"maca_t_{secrets.token_hex(6)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

