"""The notebook's one widget (`maca.widgets.PanelWidget`), headless: messages in as the
front-end sends them (``widget.receive``), HTML out; a refused message changes nothing; the
typed fields go with a click; every lesson, an exercise set, the table and a quick check are
answered through it."""
from __future__ import annotations

import base64
import csv
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from test_session import ID, KINDS_ASKED, SET, index_of, set_file, wrong  # noqa: F401 (a fixture)

pytest.importorskip("anywidget")

from maca.bots import RuleBot  # noqa: E402
from maca.exercises import Worksheet, parse_set  # noqa: E402
from maca.exercises.grading import grade_files  # noqa: E402
from maca.exercises.model import coloured  # noqa: E402
from maca.lessons import MOON_LINE  # noqa: E402
from maca import panels  # noqa: E402
from maca.widgets import PanelWidget  # noqa: E402

TOTAL = len(KINDS_ASKED) + 2   # the test set: one generated exercise per kind, two more


def said(widget: PanelWidget) -> str:
    """What the widget shows, as text."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", widget.html)).split())


def same(text: str) -> str:
    """A text of the exercises as `said` shows it (its card symbols coloured)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", coloured(text))).split())


def labels(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'role="img" aria-label="([^"]*)"', html)]


def act(widget: PanelWidget, action: str, value: Any = "", **fields: str) -> None:
    """A click on ``[data-act=action][data-value=value]``, as the front-end sends it."""
    value = str(value)
    assert f'data-act="{action}"' in widget.html, f"no {action} button on screen"
    reply = widget.receive({"type": "act", "action": action, "value": value, "fields": fields})
    assert reply["type"] == "draw", reply
    assert widget.html == reply["html"] and widget.error == ""


def cards_shown(widget: PanelWidget) -> list[str]:
    return re.findall(r'class="maca-card" data-act="card" data-value="(\w+)"', widget.html)


def answer(widget: PanelWidget, given: Any) -> None:
    """Give ``given`` (as answers files keep it) by clicks and typed fields, then Check."""
    attempt = widget.panel.attempt
    mode, fields = attempt.form.mode, {}
    if mode in ("cards", "card", "line"):       # a line: a puzzle's cards, played in order
        for card in given if mode == "cards" or not isinstance(given, str) else [given]:
            act(widget, "card", card)
    elif mode == "seat":
        act(widget, "choose", given)
    elif mode == "yes_no":
        act(widget, "choose", "yes" if given else "no")
    elif mode == "numbers":
        fields = {f"n{seat}": str(points) for seat, points in enumerate(given)}
    else:
        for seat in given["winners"]:
            act(widget, "winner", seat)
        for seat, standing in enumerate(given["standings"]):
            act(widget, "standing", f"{seat}:{standing}")
    act(widget, "check", **fields)


# -- the protocol ---------------------------------------------------------------------------
def test_the_widget_draws_what_the_panel_draws_and_passes_clicks_back() -> None:
    panel = panels.play_lesson(lang="tr", seed=1)
    widget = PanelWidget(panel)
    assert widget.panel is panel and widget.html == panel.body(live=True)
    assert (widget.lang, widget.label) == ("tr", panel.title())
    assert "maca-panel" in widget._css and "data-act" in widget._esm
    legal = str(panel.lesson.legal().sorted_for_display()[0])
    act(widget, "card", legal)
    assert legal not in cards_shown(widget) and widget.html == panel.body(live=True)


@pytest.mark.parametrize("message", [
    {"type": "act", "action": "fly", "value": ""},
    {"type": "act", "action": "number", "value": "9"},
    {"type": "act", "action": "card", "value": 3},
    {"type": "start", "spec": "passing"},
    {"type": "draw"},
    "act",
])
def test_a_refused_message_is_said_and_changes_nothing(message: Any) -> None:
    panel = panels.passing_lesson(lang="tr", seed=3)
    widget = PanelWidget(panel)
    before = widget.html
    reply = widget.receive(message)
    assert reply["type"] == "error" and widget.error == reply["message"] != ""
    assert widget.html == before == panel.body(live=True) and widget.panel is panel
    act(widget, "card", cards_shown(widget)[0])      # the next good click clears the error
    assert widget.error == ""


def test_a_refusal_is_said_in_the_panels_language(monkeypatch) -> None:
    from maca import Hand, Rules
    from maca.errors import IllegalActionError

    hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    verdict = hand.check(next(c for c in hand.cards(hand.to_move) if not hand.check(c).legal))
    widget = PanelWidget(panels.play_lesson(lang="tr", seed=1))

    def refused(action: str, value: str = "") -> None:
        raise IllegalActionError(verdict)

    monkeypatch.setattr(widget.panel, "act", refused)
    assert widget.receive({"type": "act", "action": "card", "value": "2C"})["type"] == "error"
    assert widget.error == verdict.message("tr") != verdict.message("en")


def test_an_unexpected_error_is_shown_in_the_panel_and_raised(monkeypatch) -> None:
    widget = PanelWidget(panels.play_lesson(lang="tr", seed=1))

    def broken(action: str, value: str = "") -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(widget.panel, "act", broken)
    with pytest.raises(RuntimeError):
        widget._on_msg(widget, {"type": "act", "action": "card", "value": "2C"}, [])
    assert widget.error == "RuntimeError: boom"


def test_typed_fields_go_with_the_click(set_file) -> None:
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), folder=None))
    sheet = widget.panel.worksheet
    sheet.go(index_of(sheet, "three-1"))
    widget.receive({"type": "act", "action": "go", "value": str(sheet.index + 1)})
    assert 'name="n0"' in widget.html
    given = sheet.current.exercise.answer()
    answer(widget, given)
    assert sheet.current.solved and "Doğru!" in said(widget)
    assert f'name="n0" step="1" inputmode="numeric" value="{given[0]}"' in widget.html


# -- every lesson, through the widget --------------------------------------------------------
def test_play_lesson() -> None:
    widget = PanelWidget(panels.play_lesson(lang="tr", seed=1))
    lesson = widget.panel.lesson
    held = lesson.hand.cards(0)
    assert labels(widget.html)[-len(held):] == [c.name("tr") for c in held.sorted_for_display()]
    illegal = next(c for c in held if c not in lesson.legal())
    act(widget, "card", illegal)
    assert "renge uymalısın" in said(widget) and lesson.hand.cards(0) == held
    assert len(cards_shown(widget)) == len(held)
    legal = lesson.legal().sorted_for_display()[0]
    act(widget, "card", legal)
    assert legal not in lesson.hand.cards(0) and len(cards_shown(widget)) == len(held) - 1
    while not lesson.hand.is_over:
        if lesson.waiting:                        # a finished trick, until "Devam"
            assert "Devam ▶" in said(widget)
            act(widget, "go_on")
        act(widget, "card", lesson.legal().sorted_for_display()[0])
    assert "Tur bitti" in said(widget) and "Tur puanı" in said(widget)
    act(widget, "restart")
    assert len(cards_shown(widget)) == 13


def test_trick_lesson() -> None:
    widget = PanelWidget(panels.trick_lesson(lang="tr", seed=2))
    stepper = widget.panel.stepper
    act(widget, "back")
    assert "Geri alınacak bir hamle yok." in said(widget)
    act(widget, "forward")
    assert "1. el: 2♣ ile sen açtın." in said(widget)
    assert stepper.hand.current_trick.cards[0].name("tr") in labels(widget.html)
    act(widget, "next_trick")
    assert "1. eli" in said(widget) and "(önceki el)" in said(widget)
    act(widget, "prev_trick")
    assert stepper.step == 0
    act(widget, "new_deal")
    assert stepper.seed == 3


def test_passing_lesson() -> None:
    widget = PanelWidget(panels.passing_lesson(lang="tr", seed=3))
    lesson = widget.panel.lesson
    cards = [str(c) for c in lesson.hand.cards(0).sorted_for_display()]
    for card in cards[:2]:
        act(widget, "card", card)
    assert re.search(rf'data-value="{cards[0]}"[^>]*aria-pressed="true"', widget.html)
    act(widget, "pass")
    assert "Tam 3 kart seçmelisin; 2 kart seçtin." in said(widget)
    act(widget, "card", cards[2])
    act(widget, "card", cards[3])               # a fourth card is refused
    assert "Zaten 3 kart seçtin." in said(widget)
    assert not re.search(rf'data-value="{cards[3]}"[^>]*aria-pressed="true"', widget.html)
    act(widget, "pass")
    assert "Batı'ya geçirdin" in said(widget) and "Gelen kartlar" in said(widget)
    received = lesson.hand.received(0)
    assert {c.name("tr") for c in received} <= set(labels(widget.html))
    for label in ("1 · sola", "2 · sağa", "3 · karşıya", "4 · geçirme yok"):
        assert label in said(widget)
    act(widget, "number", 3)
    assert lesson.direction == "across" and "Kuzey'e" in said(widget)
    act(widget, "number", 4)
    assert "4. turda kart geçirilmez" in said(widget)
    act(widget, "card", cards[0])
    assert "4. turda kart geçirilmez" in said(widget)


def test_follow_suit_lesson() -> None:
    widget = PanelWidget(panels.follow_suit_lesson(lang="tr", seed=1))
    assert "Oynayabileceğin" not in said(widget)
    act(widget, "why")
    assert "Oynayabileceğin kartlar — 6♠ 3♠" in said(widget) and "Elinde maça var" in said(widget)
    english = PanelWidget(panels.follow_suit_lesson(lang="en", seed=1))
    act(english, "why")
    assert "Why?" in said(english) and "Cards you may play — 6♠ 3♠" in said(english)
    assert "You can follow suit" in said(english) and "You are void in the suit led" in said(english)
    act(english, "kind", "void")
    assert english.panel.lesson.kind == "void"


def test_hearts_lesson() -> None:
    widget = PanelWidget(panels.hearts_lesson(lang="tr"))
    act(widget, "card", "AC")
    act(widget, "card", "3H")
    assert "Kupalar henüz kırılmadı" in said(widget) and "Maça kızı kupaları kırar" in said(widget)
    act(widget, "queen")
    assert widget.panel.lesson.queen_breaks and not widget.panel.lesson.hand.tricks
    act(widget, "card", "AC")
    act(widget, "card", "AS")
    assert "Batı Q♠ oynadı: kupalar kırıldı" in said(widget)
    act(widget, "scenario", "only_hearts")
    act(widget, "card", "AC")
    assert "yalnızca kupa var" in said(widget)


def test_scoring_lesson() -> None:
    widget = PanelWidget(panels.scoring_lesson(lang="tr"))
    assert len(cards_shown(widget)) == 14
    act(widget, "give_all")
    assert "Kafa attın: diğer herkes +26 aldı." in said(widget)
    assert widget.html.count(">+26<") == 3
    act(widget, "seat", 1)
    act(widget, "card", "QS")
    assert re.search(r'data-value="QS"[^>]*aria-pressed="true"', widget.html)
    assert ">13</td>" in widget.html
    act(widget, "preset", "turkish")
    assert len(cards_shown(widget)) == 14 and 'data-act="peskir"' in widget.html
    act(widget, "peskir", 2)
    assert ">−35</td>" in widget.html
    act(widget, "took", 2)
    assert ">+35<" in widget.html
    act(widget, "replay")
    assert "Bilgisayar bir turu" in said(widget) and widget.panel.seed == 2
    act(widget, "preset", "three_players")
    assert 'data-act="seat" data-value="3"' not in widget.html


def test_moon_lesson() -> None:
    widget = PanelWidget(panels.moon_lesson(lang="tr"))
    assert "Bütün kupaları ve maça kızını almaya çalış" in said(widget)
    for card in MOON_LINE.split():
        act(widget, "card", card)
    assert "Kafa attın!" in said(widget) and widget.html.count(">+26<") == 3
    act(widget, "restart")
    act(widget, "card", "AC")
    act(widget, "card", "2D")
    assert "Kuzey 7♥ aldı: artık kafa atamazsın." in said(widget)
    act(widget, "hint")
    assert "karo 2'li" in said(widget)


def test_a_quick_check_answers_in_the_widget() -> None:
    """The same verdicts as the page's check, one choice pressed at a time."""
    from maca.lessonkit import quick_check

    check = quick_check("2♣ kimde?", [("Batı", 1), ("Doğu", 3)],
                        lambda seat: (seat == 3, "Doğu'da." if seat == 3 else "Hayır."), "tr")
    widget = PanelWidget(check, framed=False)
    assert widget.label == "" and 'aria-pressed="true"' not in widget.html
    assert "<template" not in widget.html and "Olmadı." not in widget.html
    act(widget, "choose", 0)
    assert "Olmadı." in said(widget) and "Hayır." in said(widget)
    act(widget, "choose", 1)
    assert re.findall(r'aria-pressed="true">(\w+)<', widget.html) == ["Doğu"]
    assert "Doğru!" in said(widget) and "Doğu'da." in said(widget)
    assert widget.receive({"type": "act", "action": "choose", "value": "2"})["type"] == "error"
    assert "<template" in check._repr_html_() and "data-act" not in check._repr_html_()


def test_the_table_by_clicks() -> None:
    widget = PanelWidget(panels.table_game(lang="en", level="medium", seed=6))
    act(widget, "mode", "practice")
    act(widget, "start")
    table = widget.panel.table
    for card in RuleBot().choose_pass(table.hand.observe(0)):
        act(widget, "card", card)
    act(widget, "confirm_pass")
    assert table.stage == "play"
    while table.stage == "play":
        act(widget, "card", RuleBot().choose_play(table.hand.observe(0)))
    assert table.stage == "hand_over" and "Score sheet" in said(widget)
    act(widget, "undo")
    assert table.stage == "play" and "Undone" in said(widget)
    act(widget, "leave")
    assert table.stage == "left"
    act(widget, "again")
    assert widget.panel.table.stage == "pass"


def test_a_rated_table_draws_the_timer_the_widget_ticks() -> None:
    widget = PanelWidget(panels.table_game(lang="en", level="medium", mode="rated", timer=30,
                                           seed=2))
    act(widget, "start")
    assert 'data-maca-countdown="' in widget.html and "[data-maca-countdown]" in widget._esm
    assert 'send("timeout", "")' in widget._esm
    widget.receive({"type": "act", "action": "timeout", "value": ""})   # too early
    assert widget.panel.table.stage == "pass"


# -- an exercise set, through the widget -----------------------------------------------------
def test_cards_check_wrong_solution(set_file) -> None:
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), student="s1",
                                             folder=str(set_file.parent)))
    number = index_of(widget.panel.worksheet, ID["legal_cards"]) + 1
    act(widget, "go", number)                            # from nopass to legal_cards
    assert f"Soru {number}/{TOTAL}" in said(widget) and "Puanın: 0/" in said(widget)
    assert "Kartlara tıklayarak seç" in said(widget)
    assert "Kontrol et" in said(widget) and "İpucu" in said(widget)
    assert "Tekrar dene" not in said(widget)
    attempt = widget.panel.attempt
    assert len(cards_shown(widget)) == len(attempt.exercise.question.hand.cards(0))
    picked = wrong(attempt)
    for card in picked:
        act(widget, "card", card)
    assert attempt.picture("tr") in widget.html                      # the one picture
    assert attempt.picture("tr").count('stroke="#d97706"') == len(picked)   # raised in it
    assert widget.html.count('aria-pressed="true"') == len(picked)
    act(widget, "check")
    assert "Henüz doğru değil." in said(widget) and "Puan: 0/2" in said(widget)
    assert "Tekrar dene" in said(widget) and "Çözümü göster" in said(widget)
    act(widget, "reveal")
    assert same("Çözüm: " + attempt.exercise.solution().tr) in said(widget)
    check = re.search(r'<button type="submit" class="maca-button maca-ex-check"[^>]*>', widget.html)
    assert check and 'aria-disabled="true"' in check[0]
    assert all('aria-disabled="true"' in b for b in re.findall(
        r'<button type="button" class="maca-card"[^>]*>', widget.html))
    assert 'data-act="reveal"' not in widget.html and 'data-act="retry"' not in widget.html


def test_every_kind_by_clicks(set_file) -> None:
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), student="s1"))
    sheet = widget.panel.worksheet
    for index, attempt in enumerate(sheet):
        exercise = attempt.exercise
        assert sheet.index == index
        if exercise.hints:
            act(widget, "hint")
            assert same(f"İpucu 1: {exercise.hints[0].tr}") in said(widget)
        answer(widget, exercise.answer())
        assert "Doğru!" in said(widget), exercise.id
        assert re.search(r'data-act="check"[^>]*aria-disabled="true"', widget.html)
        if exercise.hints:
            assert re.search(r'data-act="hint"[^>]*aria-disabled="true"', widget.html)
        if index < TOTAL - 1:
            act(widget, "next")
    assert re.search(r'data-act="next"[^>]*aria-disabled="true"', widget.html)
    assert f"Soru {TOTAL}/{TOTAL}" in said(widget)
    got, most, tried = sheet.score()
    assert tried == TOTAL and got == most - (TOTAL - 1)  # a hint cost 1 on each but nopass
    assert widget.html.count("maca-ex-q maca-ex-right") == TOTAL
    act(widget, "previous")
    assert sheet.index == TOTAL - 2


def test_controls_follow_the_kind_and_the_language(set_file) -> None:
    def shown_at(lang: str, exercise_id: str) -> PanelWidget:
        widget = PanelWidget(panels.exercise_set(lang, str(set_file)))
        sheet = widget.panel.worksheet
        act(widget, "go", index_of(sheet, exercise_id) + 1)
        return widget

    def choices(widget: PanelWidget, action: str) -> list[str]:
        return [unescape(m) for m in re.findall(rf'data-act="{action}"[^>]*>([^<]+)<',
                                                 widget.html)]

    assert choices(shown_at("tr", ID["trick_winner"]), "choose") == [
        "Güney (sen)", "Batı", "Kuzey", "Doğu"]
    assert choices(shown_at("tr", "nopass"), "choose") == ["Batı", "Kuzey", "Doğu", "Kimse"]
    assert choices(shown_at("tr", ID["moon_possible"]), "choose") == ["Evet", "Hayır"]
    winners = shown_at("tr", ID["game_winner"])
    assert choices(winners, "winner") == ["Güney (sen)", "Batı", "Kuzey", "Doğu"]
    assert len(choices(winners, "standing")) == 12
    assert not re.search(r'data-act="standing"[^>]*aria-pressed="true"', winners.html)
    for lang, names in (("tr", ["Güney (sen)", "Batı", "Doğu"]),
                        ("en", ["South (you)", "West", "East"])):
        numbers = shown_at(lang, "three-1")
        assert re.findall(r'<label class="maca-ex-number"><span>([^<]+)</span>',
                          unescape(numbers.html)) == names
    assert "Click cards to select them" in said(shown_at("en", ID["legal_cards"]))


def test_a_wrong_try_then_another(set_file) -> None:
    """A seat question: the rule said after a wrong try, the choice cleared by Try again."""
    widget = PanelWidget(panels.exercise_set("tr", "passing"))
    sheet = widget.panel.worksheet
    act(widget, "go", index_of(sheet, "pass-1") + 1)
    assert "1 puan" in said(widget)
    act(widget, "choose", 2)
    act(widget, "check")
    assert "1. turda kartlar sola geçirilir." in said(widget)
    act(widget, "retry")
    assert sheet.current.draft.choice is None and "Bir oyuncu seç" in said(widget)
    act(widget, "choose", 1)
    act(widget, "check")
    assert "Doğru!" in said(widget) and sheet.path is None


def test_the_learner_types_who_they_are_and_the_set_opens_as_theirs(set_file) -> None:
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), folder=str(set_file.parent)))
    for label in ("Ders", "Ödev", "Öğrenci numaran"):
        assert label in said(widget)
    assert re.findall(r'name="(\w+)" value="([^"]*)"', widget.html) == [
        ("course", "maca"), ("assignment", "mixed"), ("student", "")]
    guest = widget.panel.worksheet
    act(widget, "choose", "none")
    act(widget, "check")                                  # nopass, as the guest
    act(widget, "open", course="MAT101", assignment="hafta-3", student=" 2024001 ")
    mine = widget.panel.worksheet
    assert mine is not guest and mine.progress.student_id == "2024001"
    assert mine.path.name == "answers-mixed-2024001.json" and mine.marks()[0] == "new"
    answer(widget, widget.panel.attempt.exercise.answer())
    stranger = Worksheet.open(set_file, student="2024002", folder=set_file.parent)
    stranger.progress.student_id = "someone"              # a file that is not 2024002's
    stranger.hint(ID["legal_cards"])
    act(widget, "open", course="MAT101", assignment="hafta-3", student="2024002")
    assert "başka bir öğrenciye ait (someone; sen: 2024002)" in said(widget)
    assert widget.panel.worksheet.path is None            # nothing of theirs is written
    act(widget, "open", course="", assignment="", student="")   # back to the guest's own file
    assert widget.panel.worksheet.marks()[0] == "right" and "ait" not in said(widget)


def test_a_file_that_is_not_the_learners_is_named_and_left_alone(set_file) -> None:
    theirs = Worksheet.open(set_file, folder=set_file.parent, course="MAT101")
    theirs.hint(ID["legal_cards"])
    theirs.progress.course = "maca"       # the guest's file, written for another course
    theirs.progress.assignment = "hafta-3"
    theirs.save()
    before = theirs.path.read_bytes()
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), folder=str(set_file.parent)))
    assert widget.panel.worksheet.path is None
    assert "başka bir ödeve ait (hafta-3; sen: mixed). Bu dosyaya dokunulmadı" in said(widget)
    assert "Cevapların şimdilik kaydedilmiyor. Dosya seninse ders, ödev" in said(widget)
    act(widget, "choose", "none")
    act(widget, "check")
    assert widget.panel.worksheet.current.solved and theirs.path.read_bytes() == before
    act(widget, "open", course="maca", assignment="hafta-3", student="")
    assert widget.panel.worksheet.path == theirs.path
    assert widget.panel.worksheet[ID["legal_cards"]].hints and "ait" not in said(widget)


def test_clicks_to_saved_file_to_full_marks(set_file, tmp_path, monkeypatch) -> None:
    """End to end: clicks in the widget → the answers file → the teacher's grader."""
    from maca.__main__ import main
    monkeypatch.chdir(tmp_path)
    widget = PanelWidget(panels.exercise_set("tr", str(set_file), student="2024001",
                                             course="MAT101", assignment="hafta-3", folder="."))
    sheet = widget.panel.worksheet
    for attempt in sheet:
        if sheet.index == 1:                     # one wrong try first: the last answer counts
            answer(widget, wrong(attempt))
            act(widget, "retry")
        answer(widget, attempt.exercise.answer())
        if sheet.index < TOTAL - 1:
            act(widget, "next")
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                     widget.html)
    assert link and link[1] == "answers-mixed-2024001.json"
    assert "Bu dosyayı öğretmenine gönder." in said(widget)
    handed_in = tmp_path / "answers"
    handed_in.mkdir()
    (handed_in / link[1]).write_bytes(base64.b64decode(link[2]))
    assert (handed_in / link[1]).read_bytes().strip() == (tmp_path / link[1]).read_bytes().strip()
    base = parse_set(SET, str(set_file), default_id="mixed")
    [row] = grade_files(base, [handed_in / link[1]], "MAT101", "hafta-3")
    assert row.error is None and row.score == row.max_score == base.max_score
    assert main(["grade", "--set", str(set_file), "--answers", str(handed_in),
                 "--out", str(tmp_path / "grades.csv"), "--course", "MAT101"]) == 0
    [graded] = list(csv.DictReader(open(tmp_path / "grades.csv", encoding="utf-8-sig")))
    assert graded["Öğrenci No"] == "2024001" and graded["Puan"] == graded["En yüksek puan"]
    assert graded["Durum"] == "notlandı" and graded["Yüzde"] == "100.0"


def test_a_notebook_shows_the_widget_and_the_book_build_the_html(monkeypatch) -> None:
    """In a kernel a panel displays as the widget; while the book builds (``MACA_PANELS``,
    set by its Sphinx extension) as the page's HTML, unchanged."""
    from maca import widgets

    shown: list[Any] = []
    monkeypatch.setattr("IPython.display.display", lambda obj, **kw: shown.append(obj))
    monkeypatch.setattr("IPython.get_ipython", lambda: type("Shell", (), {"kernel": object()}))
    panel = panels.moon_lesson(lang="en")
    monkeypatch.delenv(widgets.STATIC, raising=False)
    panel._ipython_display_()
    monkeypatch.setenv(widgets.STATIC, "html")
    panel._ipython_display_()
    assert isinstance(shown[0], PanelWidget) and shown[0].panel is panel
    assert shown[1] == {"text/html": panel._repr_html_()}
