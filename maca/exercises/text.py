"""The exercises' words (feedback, labels, the answers file's notes) and their errors.

The sentences are a catalogue of the text layer (`maca.words`): ``say(key, **params)`` fills
one in both languages.

>>> say("seat_wins", seat=Seat(1), card=Card.parse("KC"))["tr"]
'Eli Batı alır: K♣ açılan rengin en büyük kartı.'
>>> say("seat_wins", seat=Seat(1), card=Card.parse("KC"))["en"]
'West wins the trick: K♣ is the highest card of the suit led.'

A sentence about the learner's own seat speaks to them, with the verb to match:

>>> say("seat_wins", seat=Seat(0), card=Card.parse("KC")).to_dict()
{'tr': 'Eli sen alırsın: K♣ açılan rengin en büyük kartı.', 'en': 'You win the trick: K♣ is the highest card of the suit led.'}
>>> say("passes_from", hand=2, direction=say("dir_right"), seat=Seat(1), target=Seat(0))["tr"]
'2. turda kartlar sağa geçirilir: Batı kartları senden alır.'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..cards import Card
from ..errors import MacaError, shown
from ..words import LANGS, Seat, Text, catalogue, say

__all__ = ["ExerciseError", "AnswerError", "AnswersFileError", "text_field"]


# Feedback and labels: key -> (Turkish, English). Seats, cards, verdicts are filled per language.
_CATALOGUE: dict[str, tuple[str, str]] = {
    # results
    "correct": ("Doğru!", "Correct!"),
    "wrong": ("Henüz doğru değil.", "Not right yet."),
    "score": ("Puan: {score}/{max}", "Score: {score}/{max}"),
    "hint_cost": ("Kullandığın {hints} ipucu {cost} puan düşürdü.",
                  "The {hints} hint(s) you used cost {cost} point(s)."),
    "no_more_hints": ("Bu alıştırmanın başka ipucu yok.", "This exercise has no more hints."),
    "solved": ("Bu soruyu doğru cevapladın.", "You answered this question correctly."),
    "closed": ("Çözümü gördüğün için bu soru kapandı: son cevabın geçerli. Sıradaki soruya geç.",
               "You have seen the solution, so this question is closed: your last answer stands. "
               "Go on to the next one."),
    "no_solution": ("Çözüm yanlış bir denemeden sonra gösterilir.",
                    "The solution is shown after a wrong try."),
    # legal cards
    "not_allowed": ("{card} oynanamaz: {verdict}", "{card} was not allowed: {verdict}"),
    "missed": ("Oynanabilecek {count} kartı daha unuttun.",
               "You left out {count} more card(s) that may be played."),
    # trick winner
    "seat_wins": ("Eli {seat:nom} alır: {card} açılan rengin en büyük kartı.",
                  "{seat:Nom} wins the trick: {card} is the highest card of the suit led."),
    "off_suit": ("{seat:Gen} attığı {card} açılan renkten değil: eli alamaz.",
                 "{seat:Gen} {card} is not of the suit led, so it cannot win."),
    "beaten": ("{seat:Gen} oynadığı {card} açılan renkten, ama yerde aynı renkten daha büyük bir "
               "kart var.",
               "{seat:Gen} {card} follows suit, but the trick has a higher card of that suit."),
    "off_suit_loses": ("{cards} başka renkten; açılan renge uymayan kart eli alamaz.",
                       "{cards}: another suit, and a card off the suit led cannot win."),
    # passing
    "passes_to": ("{hand}. turda kartlar {direction} geçirilir: {seat:nom} kartlarını "
                  "{target:dat} verir.",
                  "Hand {hand} passes {direction}: {seat:nom} gives the cards to {target:dat}."),
    "passes_from": ("{hand}. turda kartlar {direction} geçirilir: {seat:nom} kartları "
                    "{target:abl} alır.",
                    "Hand {hand} passes {direction}: {seat:nom} receives the cards from "
                    "{target:abl}."),
    "passes_way": ("{hand}. turda kartlar {direction} geçirilir.",
                   "Hand {hand} passes {direction}."),
    "no_pass": ("{hand}. turda kart geçirilmez.", "Hand {hand} has no passing."),
    # hand score
    "seat_points": ("{seat}: {points} puan", "{seat}: {points} points"),
    "wrong_for": ("{seat:Gen} puanı olarak yazdığın {given} doğru değil.",
                  "The {given} you wrote for {seat:nom} is not right."),
    "point_cards": ("{seat:Nom} şu puanlı kartları aldı: {cards}.",
                    "{seat:Nom} took these cards that count: {cards}."),
    # "card_points" (below, `_BySign`) says one of these three by the sign of the points
    "card_points_plus": ("{seat:Nom} aldığı kartlardan {points} ceza puanı topladı ({cards}).",
                         "{seat:Nom} took {points} penalty points in cards ({cards})."),
    "card_points_minus": ("{seat:Gen} aldığı kartlar ({cards}) puanından {points} düşürdü.",
                          "{seat:Nom} took {cards}: {points} points come off their score."),
    "card_points_zero": ("{seat:Gen} aldığı kartların ({cards}) toplamı 0 puan.",
                         "The cards {seat:nom} took ({cards}) add up to 0 points."),
    "moon_shot": ("{seats:Nom} kafa attı: ceza kartlarının hepsini aldı.",
                  "{seats:Nom} shot the moon, taking every penalty card."),
    "peskir_won": ("{seat:Nom} peşkir dedi ve hiç el almadı: {points}.",
                   "{seat:Nom} declared peşkir and took no trick: {points}."),
    "peskir_won_fact": ("{seat:Nom} peşkir dedi ve hiç el almadı.",
                        "{seat:Nom} declared peşkir and took no trick."),
    "peskir_lost_fact": ("{seat:Nom} peşkir dedi ama {tricks} el aldı.",
                         "{seat:Nom} declared peşkir but took {tricks} trick(s)."),
    "peskir_lost": ("{seat:Nom} peşkir dedi ama {tricks} el aldı: {points}.",
                    "{seat:Nom} declared peşkir but took {tricks} trick(s): {points}."),
    # game winner
    "winners_are": ("Kazanan: {seats} (en düşük toplam).", "Winner: {seats} (lowest total)."),
    "winners_wrong": ("Kazanan(lar) doğru değil: en düşük toplamlara bak.",
                      "The winner(s) are not right: look at the lowest totals."),
    "standings_are": ("Sıralama puanları: {values}.", "Standings: {values}."),
    "standings_wrong": ("Şu oyuncuların sıralama puanı (+1/0/−1) doğru değil: {seats}.",
                        "The standings (+1/0/−1) of these players are not right: {seats}."),
    # moon
    "moon_open": ("{seat:Nom} hâlâ kafa atabilir: kafa atmak için gereken kartlardan hiçbirini "
                  "başkası almadı.",
                  "{seat:Nom} can still shoot the moon: nobody else has taken a card the moon "
                  "needs."),
    "moon_closed": ("{seat:Nom} artık kafa atamaz: {cards} {other:loc}.",
                    "{seat:Nom} can no longer shoot the moon: {other:nom} took {cards}."),
    "moon_needs_bonus": ("Bu kurallarda kafa atmak için {card} kartı da gerekir.",
                         "Under these rules the moon needs {card} too."),
    "moon_off": ("Bu kurallarda kafa atmak yok.", "These rules have no shooting the moon."),
    # play goal
    "goal_ok": ("{card} ile hedefe ulaşırsın.", "With {card} you reach the goal."),
    "goal_fails": ("{card} yetmez: el böyle sürerse ({line}) eli {winner:nom} alır{points}.",
                   "{card} is not enough: if the trick goes on with {line}, {winner:nom} wins "
                   "it{points}."),
    "goal_fails_now": ("{card} yetmez: eli {winner:nom} alır{points}.",
                       "{card} is not enough: {winner:nom} wins the trick{points}."),
    "goal_not_best": ("{card} hedefe ulaşır ama {better} daha iyi: {why}",
                      "{card} reaches the goal but {better} does better: {why}"),
    "goal_lower": ("o da eli alır ve daha küçük bir kart.", "it wins too and is a lower card."),
    "goal_higher": ("o da eli almaz ve daha büyük bir kart; böylece büyük bir kartından "
                    "kurtulursun.",
                    "it loses too and is a higher card, so you get rid of a high card."),
    "with_points": (" ({points} ceza puanıyla)", " (with {points} penalty points)"),
    # situation labels
    "trick_of": ("{number}/{total}", "{number} of {total}"),
    "your_cards": ("Elindeki kartlar", "Your cards"),
    "cards_of": ("{owner:Gen} kartları", "{owner:Gen} cards"),
    "trick_so_far": ("Yerdeki el", "The trick so far"),
    "trick_cards": ("El", "The trick"),
    "trick_empty": ("henüz kart yok, ilk kartı {seat:nom} oynayacak", "no card yet: {seat:nom} leads"),
    "hearts_broken": ("Kupalar kırıldı mı", "Hearts broken"),
    "taken_by": ("{seat}", "{seat}"),
    "taken_cards": ("{tricks} el aldı: {cards}", "took {tricks} trick(s): {cards}"),
    "taken_none": ("hiç el almadı", "took no trick"),
    "peskir_declared": ("Peşkir diyen", "Peşkir declared by"),
    "players": ("Oyuncu sayısı", "Players"),
    "totals": ("Toplam puanlar", "Totals"),
    "target": ("Oyun sonu", "Game ends at"),
    "target_value": ("{target} puan", "{target} points"),
    "teams": ("Eşler", "Partners"),
    "teams_value": ("Güney + Kuzey, Batı + Doğu", "South + North, West + East"),
    "goal": ("Hedef", "Goal"),
    # answering (the answer forms)
    "how_cards": ("Kartlara tıklayarak seç (yeniden tıklarsan seçimden çıkar), sonra "
                  "“Kontrol et” düğmesine bas.",
                  "Click cards to select them (click again to unselect), then press “Check”."),
    "how_card": ("Bir karta tıkla, sonra “Kontrol et” düğmesine bas.", "Click a card, then press “Check”."),
    "how_line": ("Bir karta tıkla: savunma cevap verir, sıra yine sana gelirse bir kart daha "
                 "oyna.",
                 "Click a card: the defence answers; if it is your turn again, play another."),
    "how_seat": ("Bir oyuncu seç, sonra “Kontrol et” düğmesine bas.",
                 "Choose a player, then press “Check”."),
    "how_yes_no": ("Evet ya da hayır seç, sonra “Kontrol et” düğmesine bas.",
                   "Choose yes or no, then press “Check”."),
    "how_numbers": ("Her oyuncunun puanını yaz, sonra “Kontrol et” düğmesine bas.",
                    "Write each player's points, then press “Check”."),
    "how_winners": ("Kazananları (birden çok olabilir) ve her oyuncunun sıralama puanını seç, "
                    "sonra “Kontrol et” düğmesine bas.",
                    "Choose the winner(s) (there may be more than one) and each player's "
                    "standing, then press “Check”."),
    "no_cards": ("Önce kartlara tıklayarak seçimini yap.", "Select your cards first."),
    "no_card": ("Önce bir karta tıkla.", "Click a card first."),
    "no_choice": ("Önce bir seçim yap.", "Make a choice first."),
    "no_winner": ("Önce kazanan(lar)ı seç.", "Choose the winner(s) first."),
    "no_standings": ("Her oyuncu için bir sıralama puanı seç.",
                     "Choose a standing for every player."),
    "answer": ("Cevabın", "Your answer"),
    "winners": ("Kazanan(lar)", "Winner(s)"),
    "standings": ("Sıralama puanları (+1/0/−1)", "Standings (+1/0/−1)"),
    "hand_points": ("Bu turun puanları", "This hand's points"),
    "nobody": ("Kimse", "Nobody"),
    "answer_yes": ("Evet", "Yes"),
    "answer_no": ("Hayır", "No"),
    # the exercise widget
    "check": ("Kontrol et", "Check"),
    "retry": ("Tekrar dene", "Try again"),
    "reveal": ("Çözümü göster", "Show solution"),
    "previous": ("◀ Önceki", "◀ Previous"),
    "next": ("Sonraki ▶", "Next ▶"),
    "export": ("Cevap dosyasını al", "Get the answers file"),
    "question_of": ("Soru {n}/{total}", "Question {n} of {total}"),
    "points": ("{points} puan", "{points} point(s)"),
    "score_so_far": ("Puanın: {score}/{max} · {tried}/{total} soru denendi",
                     "Your score: {score}/{max} · {tried} of {total} questions tried"),
    "solution": ("Çözüm: {solution}", "Solution: {solution}"),
    "hint_n": ("İpucu {n}: {hint}", "Hint {n}: {hint}"),
    "download": ("⬇ {file} dosyasını indir", "⬇ Download {file}"),
    "hand_in": ("Bu dosyayı öğretmenine gönder.", "Hand this file in to your teacher."),
    "no_student": ("Öğrenci numarası verilmedi: öğretmenin bu dosyanın kimin olduğunu bilemez.",
                   "No student id was given, so your teacher cannot tell whose file this is."),
    "who": ("Öğretmenin bir ders, ödev ve öğrenci numarası verdiyse buraya yaz:",
            "If your teacher gave you a course, an assignment and a student id, write them here:"),
    "course": ("Ders", "Course"),
    "assignment": ("Ödev", "Assignment"),
    "student": ("Öğrenci numaran", "Your student id"),
    "open": ("Bu bilgilerle aç", "Open with these"),
    # printed sheets
    "sheet_student": ("Öğrenci", "Student"),
    "example": ("örnek", "example"),
    "save_answers": ("Cevaplarımı dosyaya kaydet", "Save my answers to a file"),
    "html_intro": ("Her sorunun cevabını kutusuna yaz. Bitirince düğmeye bas: cevapların bir "
                   "dosyaya kaydedilir; o dosyayı öğretmenine gönder.",
                   "Write each answer in its box. When you are done, press the button: your "
                   "answers are saved to a file; hand that file in to your teacher."),
    "nb_intro": ("Aşağıdaki hücreyi çalıştır (Shift+Enter): sorular açılır. Kartlara ya da "
                 "oyunculara tıklayarak cevap ver ve “Kontrol et” düğmesine bas; cevabın hemen "
                 "denetlenir. Cevapların her denemede bu defterin yanındaki {file} dosyasına "
                 "kaydedilir. Bitirince “Cevap dosyasını al” düğmesiyle dosyayı indir ve öğretmenine "
                 "gönder.",
                 "Run the cell below (Shift+Enter): the questions open. Answer by clicking cards "
                 "or players and press “Check”: your answer is checked at once. Every try "
                 "saves your answers to {file}, next to this notebook. When you are done, get "
                 "the file with “Get the answers file” and hand it in to your teacher."),
    # the answers file
    "saved": ("Cevapların {file} dosyasına kaydedildi.", "Your answers are saved in {file}."),
    "restored": ("Önceki cevapların {file} dosyasından yüklendi ({done}/{total} soru).",
                 "Your earlier answers were loaded from {file} ({done} of {total} questions)."),
    "save_failed": ("Cevapların {file} dosyasına kaydedilemedi ({error}); “Cevap dosyasını "
                    "al” düğmesiyle yine de indirebilirsin.",
                    "Your answers could not be saved in {file} ({error}); you can still "
                    "download them with “Get the answers file”."),
    "not_yours": ("{file} dosyası başka bir {what} ait ({theirs}; sen: {mine}). Bu dosyaya "
                  "dokunulmadı, üzerine de yazılmayacak.",
                  "{file} belongs to another {what} ({theirs}; you: {mine}). It was left as "
                  "it is and will not be written over."),
    "not_saved": ("Cevapların şimdilik kaydedilmiyor.", "Your answers are not being saved."),
    "if_yours": ("Dosya seninse ders, ödev ve öğrenci numaranı aşağıya yazıp “Bu bilgilerle "
                 "aç” düğmesine bas.", "If the file is yours, write your course, assignment and "
                 "student id below and press “Open with these”."),
    "unreadable": ("{file} bir cevap dosyası olarak okunamadı. Dosyaya dokunulmadı: taşı ya "
                   "da sil, sonra seti yeniden aç.",
                   "{file} cannot be read as an answers file ({error}). It was left as it is: "
                   "move or delete it, then open the set again."),
    "of_student": ("öğrenciye", "student"),
    "of_set": ("alıştırma setine", "exercise set"),
    "of_course": ("derse", "course"),
    "of_assignment": ("ödeve", "assignment"),
}

#: The same sentences when the seat they are about (the field named first) is the learner's
#: own: they speak to "sen" / "you", with the verb to match. A list of seats that holds the
#: learner's takes the plural ("Sen ve Kuzey kafa attınız").
_YOU: dict[str, tuple[str, str, str]] = {
    "seat_wins": ("seat", "Eli sen alırsın: {card} açılan rengin en büyük kartı.",
                  "You win the trick: {card} is the highest card of the suit led."),
    "off_suit": ("seat", "Senin attığın {card} açılan renkten değil: eli alamaz.",
                 "Your {card} is not of the suit led, so it cannot win."),
    "beaten": ("seat", "Senin attığın {card} açılan renkten, ama yerde aynı renkten daha büyük "
                       "bir kart var.",
               "Your {card} follows suit, but the trick has a higher card of that suit."),
    "passes_to": ("seat", "{hand}. turda kartlar {direction} geçirilir: sen kartlarını "
                          "{target:dat} verirsin.",
                  "Hand {hand} passes {direction}: you give your cards to {target:dat}."),
    "passes_from": ("seat", "{hand}. turda kartlar {direction} geçirilir: sen kartları "
                            "{target:abl} alırsın.",
                    "Hand {hand} passes {direction}: you receive the cards from {target:abl}."),
    "wrong_for": ("seat", "Kendi puanın olarak yazdığın {given} doğru değil.",
                  "The {given} you wrote for yourself is not right."),
    "point_cards": ("seat", "Şu puanlı kartları aldın: {cards}.",
                    "You took these cards that count: {cards}."),
    "card_points_plus": ("seat", "Aldığın kartlardan {points} ceza puanı topladın ({cards}).",
                         "You took {points} penalty points in cards ({cards})."),
    "card_points_minus": ("seat", "Aldığın kartlar ({cards}) puanından {points} düşürdü.",
                          "You took {cards}: {points} points come off your score."),
    "card_points_zero": ("seat", "Aldığın kartların ({cards}) toplamı 0 puan.",
                         "The cards you took ({cards}) add up to 0 points."),
    "moon_shot": ("seats", "Kafa attın: ceza kartlarının hepsini aldın.",
                  "You shot the moon, taking every penalty card."),
    "peskir_won": ("seat", "Peşkir dedin ve hiç el almadın: {points}.",
                   "You declared peşkir and took no trick: {points}."),
    "peskir_won_fact": ("seat", "Peşkir dedin ve hiç el almadın.",
                        "You declared peşkir and took no trick."),
    "peskir_lost_fact": ("seat", "Peşkir dedin ama {tricks} el aldın.",
                         "You declared peşkir but took {tricks} trick(s)."),
    "peskir_lost": ("seat", "Peşkir dedin ama {tricks} el aldın: {points}.",
                    "You declared peşkir but took {tricks} trick(s): {points}."),
    "moon_open": ("seat", "Hâlâ kafa atabilirsin: kafa atmak için gereken kartlardan hiçbirini "
                          "başkası almadı.",
                  "You can still shoot the moon: nobody else has taken a card the moon needs."),
    "moon_closed": ("seat", "Artık kafa atamazsın: {cards} {other:loc}.",
                    "You can no longer shoot the moon: {other:nom} took {cards}."),
    "goal_fails": ("winner", "{card} yetmez: el böyle sürerse ({line}) eli sen alırsın{points}.",
                   "{card} is not enough: if the trick goes on with {line}, you win it{points}."),
    "goal_fails_now": ("winner", "{card} yetmez: eli sen alırsın{points}.",
                       "{card} is not enough: you win the trick{points}."),
    "trick_empty": ("seat", "henüz kart yok, ilk kartı sen oynayacaksın", "no card yet: you lead"),
}
_YOU_PLURAL: dict[str, tuple[str, str]] = {
    "moon_shot": ("{seats:Nom} kafa attınız: ceza kartlarının hepsini aldınız.",
                  "{seats:Nom} shot the moon, taking every penalty card."),
}


@dataclass(frozen=True)
class _BySign(Text):
    """A sentence about ``points`` said by their sign: ``plus`` for a positive number,
    ``minus`` (the number without its sign: "10 points come off") for a negative one (a bonus
    card such as Omnibus's J♦), ``zero`` for none. Its own words are the positive sentence's.

    >>> say("card_points", seat=Seat(1), points=-10, cards="J♦")["tr"]
    "Batı'nın aldığı kartlar (J♦) puanından 10 düşürdü."
    >>> say("card_points", seat=Seat(0), points=-10, cards="J♦")["en"]
    'You took J♦: 10 points come off your score.'
    >>> say("card_points", seat=Seat(3), points=13, cards="Q♠")["tr"]
    'Doğu aldığı kartlardan 13 ceza puanı topladı (Q♠).'
    """

    plus: str = ""
    minus: str = ""
    zero: str = ""

    def say(self, lang: str, **params: Any) -> str:
        points = params.get("points")
        if not isinstance(points, int) or points > 0:
            return say(self.plus).say(lang, **params)
        return say(self.minus if points < 0 else self.zero).say(lang, **{**params,
                                                                         "points": -points})


catalogue("exercises", {**_CATALOGUE, "card_points": _BySign(
    *_CATALOGUE["card_points_plus"], plus="card_points_plus", minus="card_points_minus",
    zero="card_points_zero")}, you=_YOU, we=_YOU_PLURAL)



class ExerciseError(MacaError):
    """An exercise set is malformed: the message names the file, the exercise and the problem."""


class AnswerError(MacaError):
    """An answer could not be read; `message(lang)` says what was expected."""


class AnswersFileError(MacaError):
    """An answers (progress) file is malformed, or not the learner's; the message names the file
    and the problem (`message(lang)`: in Turkish too when the learner may see it)."""


def text_field(value: Any, where: str) -> Text:
    """A ``{tr = "…", en = "…"}`` table read into `Text`; `ExerciseError` says what is missing.

    >>> text_field({"tr": "Kime?", "en": "To whom?"}, "prompt").en
    'To whom?'
    >>> text_field({"tr": "Kime?"}, "prompt")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: prompt needs a non-empty en text
    """
    if isinstance(value, Text):
        return value
    if not isinstance(value, Mapping):
        raise ExerciseError(say("text_field.table"), where=where, value=shown(value))
    extra = set(value) - set(LANGS)
    if extra:
        raise ExerciseError(say("text_field.langs"), where=where,
                            value=shown(sorted(extra, key=str)))
    for lang in LANGS:
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            raise ExerciseError(say("text_field.empty"), where=where, language=lang)
    return Text(value["tr"].strip(), value["en"].strip())


# A text of an exercise file that is not a {tr, en} table, for the teacher who writes the set.
catalogue("text_field", {
    "table": ('{where} tr ve en metinlerinden oluşan bir tablo olmalı, örneğin {where} = '
              '{{ tr = "…", en = "…" }}; {value} değil',
              '{where} must be a table with tr and en texts, like {where} = '
              '{{ tr = "…", en = "…" }}, not {value}'),
    "langs": ("{where} bilinmeyen dil(ler) içeriyor: {value}; tr ve en kullanın",
              "{where} has unknown language(s) {value}: use tr and en"),
    "empty": ('{where} alanında {language} = "…" metni eksik ya da boş',
              "{where} needs a non-empty {language} text"),
}, scoped=True)
