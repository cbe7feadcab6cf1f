"""The class tables' HTML (maca.server.rooms and the teacher's pages in maca.server.pages),
drawn from hand-made facts in Turkish and English: the lobby (tables, join buttons, the host's
controls, "open a table", the ranking, the student's games), the seat, the teacher's tables,
watch, ranking and tournament pages. Hostile names are escaped, every button's action is one
the runtime knows (TABLES.md, H4), and the lobby holds no card."""
from __future__ import annotations

import re
from html import unescape
from datetime import datetime, timezone
from typing import Any

import pytest

from maca.cards import CardSet
from maca.multiplayer import SharedTable, TableSettings
from maca.panels.table import TableChoices
from maca.render import cards_in_html
from maca.rules import PRESET_NAMES
from maca.server import pages
from maca.server.rooms import (LOBBY_ACTIONS, TableSummary, lobby_html, seat_html,
                               seats_text, settings_text)
from maca.server.store import ClassInfo
from maca.server.tabledata import RankRow, RecordInfo, TournamentInfo
from maca.words import preset_name

LANGS = ("tr", "en")
HOSTILE = "<script>alert('x')</script>"
#: the runtime's actions (TABLES.md, H4): the lobby's, then a seat's (SharedTable.act)
LOBBY = {"level", "rules", "mode", "timer", "target", "passing", "moon_rule", "idle", "open",
         "sit", "stand", "bot", "unbot", "begin", "lobby"}
SEAT = {"card", "confirm_pass", "peskir", "moon", "next", "undo", "hint", "leave", "timeout"}
WHEN = datetime(2026, 12, 5, 14, 0, tzinfo=timezone.utc)
CLASS = ClassInfo(id=4, teacher_id=1, course="9A", code="K7Q2", created=WHEN, students=3,
                  source_name="9a.csv")


def person(pk: int, name: str, away: bool = False) -> dict[str, Any]:
    return {"kind": "person", "person": pk, "name": name, "away": away}


BOT, EMPTY = {"kind": "bot"}, {"kind": "empty"}


def summary(table_id: int, status: str, seats: list[dict[str, Any]], host: int | None = None,
            hand: int = 0, **settings: Any) -> TableSummary:
    return TableSummary.of(table_id, {"status": status, "host": host, "hand": hand,
                                      "settings": settings, "seats": seats})


def class_tables() -> list[TableSummary]:
    """Three tables: Ali's open rated table (a computer player, two empty seats), an open
    practice table of a student with a hostile name, a table playing its second hand."""
    return [summary(1, "open", [person(1, "Ali"), BOT, EMPTY, EMPTY], host=1, mode="rated",
                    timer=30),
            summary(2, "open", [person(2, HOSTILE), EMPTY, EMPTY, EMPTY], host=2,
                    rules="turkish", level="hard"),
            summary(3, "playing", [person(3, "Ayşe"), person(4, "Mehmet", away=True), BOT,
                                   BOT], host=3, hand=2, mode="rated")]


RANKINGS = [("standard", "medium", [RankRow(3, "Ayşe", 3, 2, 1, 0, 2),
                                    RankRow(2, HOSTILE, 2, 1, 0, 1, 0),
                                    RankRow(5, "Zeynep", 1, 0, 1, 0, 0),
                                    RankRow(1, "Ali", 4, 0, 1, 3, -3)]),
            ("turkish", "hard", [])]
RECORDS = [RecordInfo(table_id=9, class_id=4, settings=TableSettings(mode="rated").to_json(),
                      status="over", finished=WHEN, seat=0, standing=-1, left="button"),
           RecordInfo(table_id=11, class_id=4, settings=TableSettings().to_json(),
                      status="ended", finished=WHEN, seat=2, standing=None, left=None)]


def lobby(lang: str, me: int, tables: list[TableSummary] | None = None) -> str:
    return lobby_html(lang, me, class_tables() if tables is None else tables,
                      TableChoices(level="medium"), RANKINGS, RECORDS, live=True)


def actions(html: str) -> list[tuple[str, str]]:
    """Every button's (action, value), in order."""
    return [(a, v) for a, v in re.findall(r'data-act="([^"]*)" data-value="([^"]*)"', html)]


def playing_table() -> SharedTable:
    table = SharedTable(TableSettings(mode="rated", level="easy"), budget=None)
    table.sit(1, HOSTILE)
    table.sit(2, "Ayşe")
    table.add_bot(1)
    table.add_bot(1)
    table.begin(1)
    return table


# -- the lobby ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_a_student_at_no_table_sees_every_table_and_may_sit_in_each_free_seat(lang: str) -> None:
    html = lobby(lang, me=5)
    sits = [v for a, v in actions(html) if a == "sit"]
    assert sits == ["1:2", "1:3", "2:1", "2:2", "2:3"]      # none at the table being played
    assert ("open", "") in actions(html)
    assert {a for a, _ in actions(html)} <= LOBBY
    words = {"tr": ("1. masa", "oyuncu bekleniyor", "oynanıyor: 2. tur", "bilgisayar", "boş",
                    "Puanlı", "Antrenman", "hamle süresi 30 sn", "Türk kuralları", "Masayı aç",
                    "Mehmet (bağlantısı koptu)", "Kuzey'e otur"),
             "en": ("Table 1", "waiting for players", "playing: hand 2", "computer", "empty",
                    "Rated", "Practice", "move timer 30 s", "Turkish rules", "Open the table",
                    "Mehmet (connection lost)", "Take North's seat")}[lang]
    for text in words:
        assert text in unescape(html), text
    assert "/teacher/table" not in html and "watch" not in html.lower()   # students never watch


@pytest.mark.parametrize("lang", LANGS)
def test_the_host_seats_and_removes_computer_players_and_starts_once_every_seat_is_taken(
        lang: str) -> None:
    html = lobby(lang, me=1)
    assert actions(html)[:5] == [("unbot", "1"), ("bot", "2"), ("bot", "3"), ("begin", ""),
                                 ("stand", "")]
    assert not {"sit", "open"} & {a for a, _ in actions(html)}    # one table at a time
    begin = re.search(r'<button[^>]*data-act="begin"[^>]*>', html)
    assert begin and 'aria-disabled="true"' in begin.group(0)      # not full yet
    full = summary(1, "open", [person(1, "Ali"), BOT, person(5, "Zeynep"), BOT], host=1)
    html = lobby(lang, me=1, tables=[full])
    begin = re.search(r'<button[^>]*data-act="begin"[^>]*>', html)
    assert begin and "aria-disabled" not in begin.group(0)
    assert ("Ali (sen)" if lang == "tr" else "Ali (you)") in html


@pytest.mark.parametrize("lang", LANGS)
def test_a_guest_at_an_open_table_may_only_stand_up(lang: str) -> None:
    tables = class_tables()
    tables[0] = summary(1, "open", [person(1, "Ali"), BOT, person(5, "Zeynep"), EMPTY], host=1)
    html = lobby(lang, me=5, tables=tables)
    assert [a for a, _ in actions(html)] == ["stand"]
    assert ("masayı açan arkadaşın" if lang == "tr" else "the classmate who opened") in html
    # their own table comes first
    assert html.index("Zeynep") < html.index("&lt;script&gt;")


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_holds_no_card(lang: str) -> None:
    # but what a preset's name holds ("Omnibus (jack of diamonds −10)"), a choice of rules
    named = cards_in_html(" ".join(preset_name(p, lang, capital=True) for p in PRESET_NAMES))
    for me in (1, 3, 5):
        assert cards_in_html(lobby(lang, me)) <= named
    assert cards_in_html(lobby(lang, 1)) == CardSet()      # seated: no choices drawn


@pytest.mark.parametrize("lang", LANGS)
def test_a_hostile_name_is_shown_escaped_everywhere(lang: str) -> None:
    table = playing_table()
    drawn = [lobby(lang, me) for me in (1, 2, 5)]
    drawn += [seat_html(table.view(1), lang, live=True),
              pages.tables_body(lang, "tok", class_tables()),
              pages.watch_body(TableSummary.of(8, table.summary()), table.watch(), lang),
              pages.ranking_page(lang, "tok", HOSTILE, CLASS, RANKINGS, tls=True)]
    for html in drawn:
        assert "<script>" not in html and "&lt;script&gt;" in html


@pytest.mark.parametrize("lang", LANGS)
def test_the_ranking_shares_places_marks_the_student_and_lists_their_games(lang: str) -> None:
    html = lobby(lang, me=1)
    ranking = html[html.index("<table"):html.index("</table>")]
    places = re.findall(r"<tr><td>(\d+)</td>", ranking)
    assert places == ["1", "2", "2", "4"]                      # 0 and 0 share second place
    assert "−3" in ranking and "+2" in ranking
    assert re.search(r"<strong>Ali \((sen|you)\)</strong>", ranking)
    assert html.count("<table") == 1                           # an empty ranking is not drawn
    assert ("Standart · bilgisayar oyuncuları: orta" if lang == "tr"
            else "Standard · computer players: medium") in html
    assert ("<th>Derece</th>" if lang == "tr" else "<th>Place</th>") in html
    assert ("<th>0 alan</th>" if lang == "tr" else "<th>Zero (0)</th>") in html
    assert "Beraberlik" not in html and "Draws" not in html
    assert ("05.12.2026" if lang == "tr" else "5 Dec 2026") in html
    assert html.count('href="/api/class/records/9"') == 1
    assert html.count('href="/api/class/records/11"') == 1
    loss, ended = {"tr": ("mağlubiyet (−1)", "kapandı"), "en": ("loss (−1)", "closed")}[lang]
    assert loss in html and ended in html
    empty = lobby_html(lang, 1, [], TableChoices(), [], [], live=False)
    assert ("ilk masayı sen aç" if lang == "tr" else "open the first one") in empty
    assert 'disabled' in empty and actions(empty)


# -- the seat ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_is_the_table_drawing_with_the_way_back_after_the_game(lang: str) -> None:
    table = playing_table()
    view = table.view(1)
    html = seat_html(view, lang, live=True)
    assert {a for a, _ in actions(html)} <= SEAT and ("lobby", "") not in actions(html)
    assert cards_in_html(html) == view.cards                  # the seat's own hand only
    table.end()
    over = seat_html(table.view(1), lang, live=True)
    assert ("lobby", "") in actions(over)
    assert ("Masalara dön" if lang == "tr" else "Back to the tables") in over
    assert {a for a, _ in actions(over)} <= SEAT | LOBBY


# -- the teacher's pages -----------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_tables_list_links_to_watch_and_ends_with_the_csrf_token(lang: str) -> None:
    body = pages.tables_body(lang, "tok3n", class_tables())
    for n in (1, 2, 3):
        assert f'href="/teacher/table/{n}"' in body
        assert f'action="/teacher/table/{n}/end"' in body
    assert body.count('name="csrf" value="tok3n"') == 3
    assert ("oynanıyor: 2. tur" if lang == "tr" else "playing: hand 2") in body
    assert "data-act" not in body and cards_in_html(body) == CardSet()
    page = pages.tables_page(lang, "tok3n", "Ayla", CLASS, body, tls=True)
    assert 'data-tables="4"' in page and "/teacher/static/live.js" in page
    assert ("Şu an açık ya da oynanan masa yok." if lang == "tr" else "No table is open")\
        in pages.tables_body(lang, "tok3n", [])


@pytest.mark.parametrize("lang", LANGS)
def test_the_watch_page_shows_every_hand_live(lang: str) -> None:
    table = SharedTable(TableSettings(), budget=None)
    table.sit(1, "Ali")
    waiting = TableSummary.of(8, table.summary())
    body = pages.watch_body(waiting, None, lang)              # no game yet: who sits where
    assert ("oyuncu bekleniyor" if lang == "tr" else "waiting for players") in body
    page = pages.watch_page(lang, "tok", "Ayla", waiting, CLASS, body, tls=True)
    assert 'data-table="8"' in page and 'action="/teacher/table/8/end"' in page
    assert 'href="/teacher/class/4/tables"' in page
    assert ("8. masa" if lang == "tr" else "Table 8") in page
    table = playing_table()
    body = pages.watch_body(TableSummary.of(8, table.summary()), table.watch(), lang)
    assert len(cards_in_html(body)) == 52                     # every hand, to the teacher only
    assert ("oynanıyor: 1. tur" if lang == "tr" else "playing: hand 1") in body
    assert 'data-act="card"' not in body
    assert all("disabled" in b for b in re.findall(r"<button[^>]*>", body))
    table.end()
    ended = TableSummary.of(8, table.summary())
    page = pages.watch_page(lang, "tok", "Ayla", ended, CLASS,
                            pages.watch_body(ended, table.watch(), lang), tls=True)
    assert "/teacher/table/8/end" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_ranking_page_has_one_table_per_game_and_level(lang: str) -> None:
    page = pages.ranking_page(lang, "tok", "Ayla", CLASS, RANKINGS, tls=True)
    assert page.count("<h2>") == 1 and page.count('<table class="grid">') == 1
    assert ("Sınıf sıralaması" if lang == "tr" else "Class ranking") in page
    none = pages.ranking_page(lang, "tok", "Ayla", CLASS, [], tls=True)
    assert ("Henüz biten puanlı oyun yok." if lang == "tr" else "No rated game") in none


@pytest.mark.parametrize("lang", LANGS)
def test_the_tournament_pages_open_one_and_start_its_rounds(lang: str) -> None:
    settings = TableSettings(mode="rated", timer=120, level="hard").to_json()
    first = TournamentInfo(id=6, class_id=4, name=HOSTILE, settings=settings, rounds=3,
                           created=WHEN, round_now=1)
    page = pages.tournaments_page(lang, "tok", "Ayla", CLASS, [first], tls=True)
    assert 'action="/teacher/class/4/tournaments"' in page and 'value="tok"' in page
    for field in ("name", "rules", "target", "passing", "moon", "timer", "level", "rounds"):
        assert f'name="{field}"' in page, field
    assert 'href="/teacher/tournament/6"' in page and "<script>" not in page
    assert ("bölüm 1/3" if lang == "tr" else "round 1 of 3") in page
    assert ("başka masada oynayanlar o masadan kalkmış sayılır" if lang == "tr"
            else "counted as having left it") in page
    rounds = [(1, class_tables()[2:])]
    one = pages.tournament_page(lang, "tok", "Ayla", first, CLASS, rounds, RANKINGS[0][2],
                                tls=True)
    assert 'action="/teacher/tournament/6/round"' in one
    assert ("Sonraki bölümü başlat" if lang == "tr" else "Start the next round") in one
    assert ("1. bölüm" if lang == "tr" else "Round 1") in one
    assert 'href="/teacher/table/3"' in one and "<script>alert" not in one
    assert settings_text(TableSettings.from_json(settings), lang) in unescape(one)
    done = TournamentInfo(6, 4, "Kış", settings, 3, WHEN, round_now=3)
    last = pages.tournament_page(lang, "tok", "Ayla", done, CLASS, rounds, [], tls=True)
    assert "/round" not in last
    assert ("Henüz biten turnuva oyunu yok." if lang == "tr" else "No tournament game") in last
    empty = pages.tournaments_page(lang, "tok", "Ayla", CLASS, [], tls=True)
    assert ("Henüz turnuva yok." if lang == "tr" else "No tournament yet.") in empty


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_page_links_to_its_tables_ranking_and_tournaments(lang: str) -> None:
    page = pages.class_page(lang, "tok", "Ayla", CLASS, [], [], [], "http://10.0.0.5:8000/",
                            tls=True)
    for part in ("tables", "ranking", "tournaments"):
        assert f'href="/teacher/class/4/{part}"' in page


def test_the_live_script_follows_what_its_box_names() -> None:
    assert all(f'"{key}"' in pages.LIVE_JS for key in ("assignment", "tables", "table"))
    assert ".maca-card" in pages.CSS                          # the watched table's styles


def test_the_lobby_actions_are_the_runtimes() -> None:
    assert set(LOBBY_ACTIONS) == LOBBY and set(TableChoices.SHARED_ACTIONS) <= LOBBY


@pytest.mark.parametrize("lang", LANGS)
def test_a_leavers_seat_names_the_computer_player_and_closing_warns_once(lang: str) -> None:
    table = TableSummary.of(8, {"status": "playing", "hand": 2, "settings": {"mode": "rated"},
                                "seats": [{"kind": "person", "person": 1, "name": "Ali"},
                                          {"kind": "bot", "person": 2, "name": "Çağrı",
                                           "left": "timer"},
                                          {"kind": "bot"}, {"kind": "bot"}]})
    said = seats_text(table, lang)
    assert ("Batı: bilgisayar (Çağrı'nın yerine; süresi doldu)" if lang == "tr"
            else "West: computer (for Çağrı; timer ran out)") in said
    body = pages.tables_body(lang, "tok", [table])
    assert body.count("<button>Masayı kapat</button>" if lang == "tr"
                      else "<button>Close the table</button>") == 1
    assert ("oturanlara puan yazılmaz" if lang == "tr" else "no result is written") in body
    assert "bitir" not in body and "End the table" not in body
