"""Pictures (maca.render): text alternatives, self-contained HTML, options, score tables."""
from __future__ import annotations

import re
from html import escape

import pytest

from maca import Card, CardSet, Game, Hand, Rules, render
from maca.render import (back_html, card_html, card_svg, game_scores_html, hand_html,
                         hand_scores_html, message_html, score_table_html, table_html,
                         taken_html, trick_html)

LABEL = re.compile(r'role="img" aria-label="([^"]*)"')


def labels(html: str) -> list[str]:
    return [m.replace("&#x27;", "'") for m in LABEL.findall(html)]


def assert_self_contained(html: str) -> None:
    """No scripts, style blocks, ids, images, fonts or links: it renders the same anywhere."""
    for forbidden in ("<script", "<style", " id=", "<img", "@font-face", "url(", "href=",
                      "src="):
        assert forbidden not in html, forbidden
    assert set(re.findall(r"https?://[^\"' ]+", html)) <= {"http://www.w3.org/2000/svg"}


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_every_card_is_named_and_drawn_without_files(lang):
    for index in range(52):
        card = Card(index)
        html = card_html(card, lang=lang)
        assert labels(html) == [card.name(lang)]
        assert html.count("<title>") == 1 and 'aria-hidden="true"' in html
        assert_self_contained(html)
    assert labels(card_html("QS", lang="tr")) == ["maça kızı"]
    assert labels(card_html("QS", lang="en")) == ["queen of spades"]


def test_card_faces_differ_and_carry_their_rank():
    faces = {card_svg(Card(i), lang="en") for i in range(52)}
    assert len(faces) == 52
    assert ">10</text>" in card_svg("10D") and ">Q</text>" in card_svg("QH")
    assert card_svg("7S").count("<path") == 7 + 2  # seven pips and a small suit per corner


def test_four_colours_and_size():
    assert "#1e7b34" in card_html("2C", four_colour=True)
    assert "#1e7b34" not in card_html("2C", four_colour=False)
    assert "#1459b8" in card_html("2D", four_colour=True)
    assert 'width="90" height="126"' in card_svg("AS", size=90)


def test_states_and_bad_options():
    assert 'stroke="#2563eb"' in card_svg("AS", state="legal")
    assert 'stroke="#e0a100"' in card_svg("AS", state="winner")
    assert 'fill-opacity="0.62"' in card_svg("AS", state="illegal")
    with pytest.raises(ValueError, match="state must be one of normal, legal"):
        card_svg("AS", state="shiny")
    with pytest.raises(ValueError, match="lang must be one of tr, en, not 'de'"):
        card_html("AS", lang="de")
    with pytest.raises(ValueError, match="size is a card's width in pixels"):
        card_html("AS", size=5)


def test_back():
    assert labels(back_html(lang="tr")) == ["kapalı kart"]
    assert_self_contained(back_html())


def test_hand_is_grouped_spades_hearts_diamonds_clubs_high_to_low():
    cards = CardSet.parse("2C AD 3H KS QS 10H")
    html = hand_html(cards, lang="en")
    assert labels(html) == ["king of spades", "queen of spades", "ten of hearts",
                            "three of hearts", "ace of diamonds", "two of clubs"]
    assert 'role="group" aria-label="6 cards"' in html
    assert_self_contained(html)


def test_hand_marks_legal_and_selected_cards():
    cards = CardSet.parse("AS QS 2H 5C")
    html = hand_html(cards, legal=CardSet.parse("5C"), lang="en")
    assert html.count('stroke="#2563eb"') == 1 and html.count('fill-opacity="0.62"') == 3
    lifts = re.findall(r'<g transform="translate\([\d.]+ ([\d.]+)\)">', html)
    assert sorted(lifts) == ["0", "10", "10", "10"]      # only the legal card is raised
    chosen = hand_html(cards, selected="AS QS")
    assert chosen.count('stroke="#d97706"') == 2
    assert labels(hand_html(cards, face_down=True, lang="en")) == ["face-down card"] * 4
    assert "dashed" in hand_html(CardSet()) and labels(hand_html(CardSet())) == []
    assert 'aria-label="1 card"' in hand_html("AS", lang="en")


def _first_trick(seed: int = 1, preset: str = "standard") -> Hand:
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, seed=seed, number=4 if rules.players == 4 else 3)
    for _ in range(rules.players):
        hand.play(hand.legal_plays().sorted_for_display()[-1])
    return hand


def test_trick_shows_each_seat_who_led_and_who_won():
    hand = _first_trick()
    trick = hand.last_trick
    html = trick_html(trick, lang="tr", number=1)
    assert labels(html) == [c.name("tr") for _, c in sorted(trick.plays())]
    winner = dict(trick.plays())[trick.winner]
    assert re.search(r'aria-label="%s".*?stroke="#e0a100"' % re.escape(escape(winner.name("tr"))),
                     html)
    assert html.count('stroke="#e0a100"') == 1
    led = ("sen açtın", "Batı açtı", "Kuzey açtı", "Doğu açtı")[trick.leader]
    won = ("sen aldın", "Batı aldı", "Kuzey aldı", "Doğu aldı")[trick.winner]
    assert f"1. el · {led} · {won}" in html
    for name in ("Güney (sen)", "Batı", "Kuzey", "Doğu"):
        assert f">{name}</text>" in html
    assert_self_contained(html)


def test_trick_in_progress_and_three_players():
    hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    hand.play(hand.legal_plays().sorted_for_display()[0])
    html = trick_html(hand.current_trick, lang="en")
    assert len(labels(html)) == 1 and "stroke-dasharray" in html
    assert "to play: South (you)" in html
    three = _first_trick(preset="three_players")
    html = trick_html(three.last_trick, lang="en")
    assert len(labels(html)) == 3 and ">North</text>" not in html and ">East</text>" in html


def test_table_shows_hands_trick_and_state():
    hand = Hand.deal(Rules.preset("standard"), seed=2, number=4)
    every = table_html(hand, lang="en")
    assert len(labels(every)) == 52 and "hearts not broken" in every
    own = table_html(hand, lang="tr", reveal=0)
    assert labels(own).count("kapalı kart") == 39
    legal_marks = own.count('stroke="#2563eb" stroke-width="3.5"')
    assert legal_marks == (len(hand.legal_plays()) if hand.to_move == 0 else 0)
    assert "kart geçirme yok" in own
    played = _first_trick()
    html = table_html(played, lang="en")
    assert "Trick 1 (previous trick)" in html and "1 trick" in html
    assert "1. el (önceki el)" in table_html(played, lang="tr")
    assert_self_contained(html)
    three = table_html(_first_trick(preset="three_players"), lang="en")
    assert len(labels(three)) == 51 and "North" not in three


def test_taken_cards():
    rules = Rules.preset("omnibus")
    html = taken_html("JD QS 2C", rules, lang="tr", seat=2)
    assert labels(html) == ["maça kızı", "karo valesi"]
    assert escape("Kuzey'in aldıkları · 3 puan") in html and "ve 1 puansız kart" in html
    assert "Senin aldıkların · −10 puan" in taken_html("JD", rules, lang="tr", seat=0)
    assert "Taken by you · −10 points" in taken_html("JD", rules, lang="en", seat=0)
    assert "ceza kartı yok" in taken_html("", rules, lang="tr")


def test_score_table_moon_bonus_and_peskir():
    standard = Rules.preset("standard")
    html = score_table_html(standard, [standard.moon_mask, 0, 0, 0], lang="tr")
    assert "kafa attı (−26)" in html and html.count(">+26<") == 3 and "Kafa atma" in html
    omnibus = Rules.preset("omnibus")
    html = score_table_html(omnibus, [omnibus.moon_mask, 0, 0, 0], lang="en")
    assert "shot the moon" in html and ">−10</td>" in html
    turkish = Rules.preset("turkish")
    html = score_table_html(turkish, [CardSet.parse("QS AH").mask, 0, 0, 0],
                            tricks_won=[1, 1, 0, 11], peskir=[False, True, True, False],
                            lang="en")
    assert "Peşkir" in html and html.count("(declared peşkir)") == 2
    assert ">+35<" in html and ">−35<" in html and ">20</td>" in html
    partnership = Rules.preset("partnership")
    html = score_table_html(partnership, [CardSet.parse("QS").mask, 0, CardSet.parse("2H").mask,
                                          0], lang="en")
    assert "Teams: South (you) + North: 14, West + East: 0" in html
    html = score_table_html(partnership, [CardSet.parse("JD").mask, 0, 0, 0], lang="en")
    assert "South (you) + North: 0" in html
    omnibus_teams = Rules.preset("omnibus").replace(partnership=True)
    html = score_table_html(omnibus_teams, [CardSet.parse("JD").mask, 0, 0, 0], lang="en")
    assert "Teams: South (you) + North: −10, West + East: 0" in html
    with pytest.raises(ValueError, match="each of the 4 seats, not 3"):
        score_table_html(standard, [0, 0, 0])


def test_hand_scores_before_and_after_the_end():
    hand = Hand.deal(Rules.preset("standard"), seed=3, number=4)
    assert "tur sürüyor" in hand_scores_html(hand, lang="tr")
    while not hand.is_over:
        hand.play(hand.legal_plays().sorted_for_display()[0])
    html = hand_scores_html(hand, lang="en")
    assert "Hand score" in html
    for points in hand.points():
        assert f">{points}</td>" in html or f">−{-points}</td>" in html


def test_game_score_sheet_with_winners_and_standings():
    game = Game(Rules.preset("standard").replace(target=30), seed=3)
    while True:
        hand = game.hand
        if hand.phase == "pass":
            for seat in range(4):
                hand.give(seat, list(hand.cards(seat))[:3])
        while not hand.is_over:
            hand.play(hand.legal_plays().sorted_for_display()[0])
        if game.is_over:
            break
        game.next_hand()
    html = game_scores_html(game, lang="tr")
    assert html.count("<tr>") == len(game.hands) + 3  # head, hands, totals, standings
    assert "Kazanan: " + ", ".join(("Güney (sen)", "Batı", "Kuzey", "Doğu")[s]
                                   for s in game.winners) in html
    assert "Sıralama puanı" in html and "hedef 30" in html
    assert_self_contained(html)


def test_repr_html_hooks_follow_the_defaults():
    hand = _first_trick()
    try:
        render.set_defaults(lang="en", four_colour=True, size=50)
        assert labels(Card.parse("QS")._repr_html_()) == ["queen of spades"]
        assert 'width="50"' in CardSet.parse("QS 2C")._repr_html_()
        assert "#1e7b34" in CardSet.parse("2C")._repr_html_()
        assert "Trick" in hand.last_trick._repr_html_()
        assert "to play" in hand._repr_html_()
        assert "Total" in Game(Rules.preset("standard"), seed=1)._repr_html_()
    finally:
        render.set_defaults(lang="tr", four_colour=False, size=64)
    assert labels(Card.parse("QS")._repr_html_()) == ["maça kızı"]


def test_messages():
    assert 'role="alert"' in message_html("Olmaz <b>", "error")
    assert "Olmaz &lt;b&gt;" in message_html("Olmaz <b>", "error")
    assert 'role="status"' in message_html("Tamam", "ok")


def test_cards_in_html_reads_every_card_in_every_form_the_pictures_and_texts_use() -> None:
    from urllib.parse import quote

    from maca.render import cards_in_html
    deck = CardSet(Rules.preset("standard").deck_mask)
    for card in deck:
        for lang in ("tr", "en"):
            assert cards_in_html(render.card_html(card, lang=lang)) == CardSet([card])
            assert cards_in_html(f"<p>{escape(card.name(lang).capitalize())}.</p>") == \
                CardSet([card])
        for text in (card.symbol, str(card), f'data-value="{card}"', quote(f"play {card}")):
            assert cards_in_html(text) == CardSet([card]), text
    for lang in ("tr", "en"):
        assert cards_in_html(render.hand_html(deck, lang=lang)) == deck
        assert cards_in_html(render.hand_html(deck, lang=lang, face_down=True)) == CardSet()
    assert cards_in_html("maça kızını aldın; kupa asını da") == CardSet.parse("QS AH")
    assert cards_in_html("deal AK...2/.QJ../..T9./...8") == CardSet.parse("AS KS 2C QH JH "
                                                                            "10D 9D 8C")
    assert cards_in_html('<svg fill="#2C3E50"><text>10 puan, 3 kart, 2.5 sn</text></svg>'
                         ) == CardSet()


def test_cards_in_html_skips_the_rules_own_words_but_not_the_cards_filled_in() -> None:
    """The engine's reasons, the hints' explanations and the presets' names name cards as the
    rules do ("you cannot play the queen of spades"): a leak test must not take them for a
    hand's cards; a card filled into such a sentence still counts."""
    import maca.bots.explain  # noqa: F401 (the hints' catalogue)
    from maca.reasons import Reason, Verdict
    from maca.render import cards_in_html
    from maca.words import preset_name, say
    for lang in ("tr", "en"):
        for reason in (Reason.NO_POINTS_FIRST_TRICK, Reason.MUST_DISCARD_KING_OF_HEARTS,
                       Reason.NO_HEART_LEAD_FIRST_TRICK, Reason.MUST_PLAY_KING_ON_ACE):
            assert cards_in_html(escape(Verdict(reason).message(lang))) == CardSet()
        assert cards_in_html(preset_name("omnibus", lang, capital=True)) == CardSet()
        smoke = say("explain.lead_smoke").say(lang, card="4♠")
        assert cards_in_html(f'<p title="{escape(smoke)}">{escape(smoke)}</p>') == \
            CardSet.parse("4S")


def test_a_trick_names_the_people_and_the_teachers_view_has_no_sen() -> None:
    from html import unescape
    hand = Hand.deal(Rules.preset("standard"), seed=3, number=4)
    for _ in range(4):
        hand.play(hand.legal_plays().sorted_for_display()[0])
    trick = hand.last_trick
    html = unescape(render.trick_html(trick, lang="tr", names=("Ayşe", "Ali", None, "Can")))
    assert "Güney (sen) · Ayşe" in html and "Batı · Ali" in html and ">Kuzey<" in html
    watched = unescape(render.trick_html(trick, lang="tr", names=("Ayşe",), you=False))
    assert "Güney · Ayşe" in watched and "sen" not in watched.replace("Güney", "")
    english = render.trick_html(trick, lang="en", you=False)
    assert "you" not in english and "South" in english


def test_a_tricks_caption_says_no_card_look() -> None:
    hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    for _ in range(4):
        hand.play(hand.legal_plays().sorted_for_display()[-1])
    html = render.trick_html(hand.last_trick, lang="tr", number=1)
    assert "· normal" not in html and "· winner" not in html
