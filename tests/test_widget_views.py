"""The lesson widgets, headless: click buttons and read what they show."""
from __future__ import annotations

import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets  # noqa: E402

import maca.widgets as mw  # noqa: E402
from maca import Card  # noqa: E402
from maca.lessons import MOON_LINE, Settings  # noqa: E402


pytestmark = pytest.mark.usefixtures("no_callback_errors")


@pytest.fixture
def settings():
    """A page's own settings, so tests do not leak language into each other."""
    return Settings(lang="tr")


def labels(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'role="img" aria-label="([^"]*)"', html)]


def shown(view) -> str:
    """The message area as text."""
    return unescape(re.sub(r"<[^>]+>", " ", view.message.value))


def button(view, label: str) -> ipywidgets.Button:
    for child in view.controls.children:
        if isinstance(child, ipywidgets.Button) and child.description == label:
            return child
    raise AssertionError(f"no button {label!r} in {[c for c in view.controls.children]}")


def test_settings_bar_switches_every_widget(settings):
    bar = mw.settings_bar(settings=settings)
    other = mw.settings_bar(settings=settings)
    view = mw.trick_lesson(seed=2, settings=settings)
    assert button(view, "İleri ▶") and "Güney (sen)" in view.picture.value
    bar.lang.value = "en"
    assert settings.lang == "en" and other.lang.value == "en"
    assert button(view, "Forward ▶") and "South (you)" in view.picture.value
    assert other.four.description == "Four colours"
    bar.four.value = True
    assert other.four.value and "#1e7b34" in view.picture.value


def test_play_lesson_clicks(settings):
    view = mw.play_lesson(seed=1, settings=settings, bar=False)
    lesson = view.lesson
    assert view.children[0] is view.picture
    held = lesson.hand.cards(0)
    assert labels(view.picture.value)[-len(held):] == [c.name("tr") for c in
                                                        held.sorted_for_display()]
    illegal = next(c for c in held if c not in lesson.legal())
    chosen = view.cards.button_for(illegal)
    assert chosen.description == illegal.symbol and chosen.tooltip == illegal.name("tr")
    assert chosen.style.button_color == "#eceff1"
    chosen.click()
    assert "renge uymalısın" in shown(view) and lesson.hand.cards(0) == held
    legal = lesson.legal().sorted_for_display()[0]
    assert view.cards.button_for(legal).layout.border == "2px solid #2563eb"
    view.cards.button_for(legal).click()
    assert legal not in lesson.hand.cards(0)
    assert len(view.cards.children) == len(held) - 1
    while not lesson.hand.is_over:
        if lesson.waiting:                 # a finished trick, until "Devam"
            assert view.go_on.layout.display == ""
            button(view, "Devam ▶").click()
        assert view.go_on.layout.display == "none"
        view.cards.button_for(lesson.legal().sorted_for_display()[0]).click()
    assert "Tur bitti" in shown(view) and "Tur puanı" in view.picture.value
    button(view, "Baştan başla").click()
    assert len(view.cards.children) == 13


def test_trick_lesson_steps(settings):
    view = mw.trick_lesson(seed=2, settings=settings, lang=None, bar=False)
    button(view, "◀ Geri").click()
    assert shown(view).strip() == "Geri alınacak bir hamle yok."
    forward = button(view, "İleri ▶")
    forward.click()
    first = view.stepper.hand.current_trick.cards[0]
    assert "1. el: 2♣ ile sen açtın." in shown(view)
    assert first.name("tr") in labels(view.picture.value)
    button(view, "Eli bitir ▶▶").click()
    assert "1. eli" in shown(view) and "(önceki el)" in view.picture.value
    button(view, "◀◀ Önceki el").click()
    assert view.stepper.step == 0
    button(view, "Yeni dağıtım").click()
    assert view.stepper.seed == 3


def test_passing_lesson_clicks(settings):
    view = mw.passing_lesson(seed=3, settings=settings, bar=False)
    lesson = view.lesson
    cards = lesson.hand.cards(0).sorted_for_display()
    for card in cards[:4]:
        view.cards.button_for(card).click()
    assert view.cards.button_for(cards[0]).style.button_color == "#fde68a"
    button(view, "Kartları geçir").click()
    assert "Tam 3 kart seçmelisin; 4 kart seçtin." in shown(view)
    view.cards.button_for(cards[3]).click()
    button(view, "Kartları geçir").click()
    assert "Batı'ya geçirdin" in shown(view) and "Gelen kartlar" in view.picture.value
    received = lesson.hand.received(0)
    assert set(labels(view.picture.value)[-3:]) == {c.name("tr") for c in received}
    assert [o[0] for o in view.number.options] == ["1 · sola", "2 · sağa", "3 · karşıya",
                                                    "4 · geçirme yok"]
    view.number.value = 3
    assert lesson.direction == "across" and "Kuzey'e" in shown(view)
    view.number.value = 4
    view.cards.button_for(cards[0]).click()
    assert "Bu turda kart geçirilmiyor." in shown(view)


def test_follow_suit_lesson_why(settings):
    view = mw.follow_suit_lesson(seed=1, settings=settings, bar=False)
    assert "Oynayabileceğin" not in shown(view)
    view.why.value = True
    assert "Oynayabileceğin kartlar — 6♠ 3♠" in shown(view)
    assert "Elinde maça var" in shown(view)
    settings.update(lang="en")
    assert view.why.description == "Why?" and "Cards you may play — 6♠ 3♠" in shown(view)
    view.kind.value = "void"
    assert view.lesson.kind == "void"
    assert [o[0] for o in view.kind.options] == ["You can follow suit",
                                                 "You are void in the suit led"]


def test_hearts_lesson_switch(settings):
    view = mw.hearts_lesson(settings=settings, bar=False)
    view.cards.button_for("AC").click()
    view.cards.button_for("3H").click()
    assert "Kupalar henüz kırılmadı" in shown(view)
    assert view.queen.description == "Maça kızı kupaları kırar"
    view.queen.value = True
    assert view.lesson.queen_breaks and not view.lesson.hand.tricks
    view.cards.button_for("AC").click()
    view.cards.button_for("AS").click()
    assert "Batı Q♠ oynadı: kupalar kırıldı" in shown(view)
    view.scenario.value = "only_hearts"
    view.cards.button_for("AC").click()
    assert "yalnızca kupa var" in shown(view)


def test_scoring_lesson_clicks(settings):
    view = mw.scoring_lesson(settings=settings, bar=False)
    assert len(view.cards.children) == 14 and len(view.trick_boxes) == 4
    button(view, "Hepsini ver").click()
    assert "Kafa attın: diğer herkes +26 aldı." in shown(view)
    assert view.picture.value.count(">+26<") == 3
    view.seat.value = 1
    view.cards.button_for("QS").click()
    assert view.cards.button_for("QS").style.button_color == "#fde68a"
    assert view.cards.button_for("2H").tooltip == "kupa 2'li — Sen aldın"
    assert ">13</td>" in view.picture.value
    view.preset.value = "turkish"
    assert len(view.peskir_boxes) == 4 and len(view.cards.children) == 14
    view.peskir_boxes[2].value = True
    assert ">−35</td>" in view.picture.value
    view.trick_boxes[2].value = True
    assert ">+35<" in view.picture.value
    button(view, "Bir tur oynat").click()
    assert "Bilgisayar bir turu" in shown(view) and view.seed == 2
    view.preset.value = "three_players"
    assert len(view.trick_boxes) == 3 and not view.peskir_boxes


def test_moon_lesson_clicks(settings):
    view = mw.moon_lesson(settings=settings, bar=False)
    assert "Bütün kupaları ve maça kızını almaya çalış" in shown(view)
    for card in MOON_LINE.split():
        view.cards.button_for(Card.parse(card)).click()
    assert "Kafa attın!" in shown(view) and view.picture.value.count(">+26<") == 3
    button(view, "Baştan başla").click()
    view.cards.button_for("AC").click()
    view.cards.button_for("2D").click()
    assert "Kuzey 7♥ aldı: artık kafa atamazsın." in shown(view)
    view.hint.value = True
    assert "karo 2'li" in shown(view)


def test_a_failing_callback_is_shown_in_the_output(settings, monkeypatch):
    """Under a kernel an unexpected error goes to the lesson's Output, not to a log."""
    view = mw.play_lesson(seed=1, settings=settings, bar=False)

    def broken(card):
        raise RuntimeError("boom")

    shown_errors = []

    class Shell:
        def showtraceback(self, exc_tuple, tb_offset=0):
            shown_errors.append(exc_tuple[1])

    monkeypatch.setattr(view.lesson, "click", broken)
    monkeypatch.setattr("ipywidgets.widgets.widget_output.get_ipython", lambda: Shell())
    view.cards.buttons[0].click()
    assert [str(e) for e in shown_errors] == ["boom"]



def test_a_quick_check_answers_in_a_notebook():
    """In a notebook no page script answers the HTML check: its widget does, with the same
    verdicts, one choice pressed at a time."""
    from maca.lessonkit import quick_check

    check = quick_check("2♣ kimde?", [("Batı", 1), ("Doğu", 3)],
                        lambda seat: (seat == 3, "Doğu'da." if seat == 3 else "Hayır."), "tr")
    view = check.widget()
    west, east = view.choices
    assert [b.description for b in view.choices] == ["Batı", "Doğu"] and not view.verdict.value
    west.value = True
    assert "Olmadı." in view.verdict.value and "Hayır." in view.verdict.value
    east.value = True
    assert not west.value and "Doğru!" in view.verdict.value and "Doğu&#x27;da." in view.verdict.value
