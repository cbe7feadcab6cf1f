"""The exercise panel: an exercise set answered by clicking, on the book page itself.

A thin HTML front-end over `maca.exercises.session.Worksheet` (the learner's variant of a set)
and its `Attempt` per question: the question list with its marks, the prompt, the one situation
picture, the answer controls the kind's form asks for (cards, a card, a seat, yes/no, a number
per seat, winners and standings), Check, Hint, the solution after a wrong try, Try again,
previous/next, the score, who the learner is (course, assignment, student id: their own
variant) and the answers file to download. Every decision is the session's (and the engine's).

On a book page the answers are kept in the page's storage (a ``store``, see
`maca.panels.host.PageStore`: the browser's local storage, carried by the page's worker): the
worksheet writes its answers file into a temporary folder of the panel's own, and after every
click the file is copied to the store under its own name (``maca-answers/<file name>``, so sets
never mix); when the set is made live again the file is put back first and the worksheet
restores every answer and verdict from it. Without a store answers are kept in ``folder`` (or
in memory). A student who has joined a class on a class server opens their assigned sets
``locked``: who they are comes from the class, and the page sends each answers file the set
writes to the server (``book/_ext/static/maca-class.js``, with `class_box` on the exercises page).

>>> panel = exercise_set("en", "passing")
>>> attempt = panel.worksheet.current
>>> panel.act("choose", str(attempt.exercise.answer())); panel.act("check")
>>> attempt.solved, "Correct!" in panel.body(live=True)
(True, True)
>>> panel.spec()
{'panel': 'exercise_set', 'lang': 'en', 'name': 'passing'}
"""
from __future__ import annotations

import json
import tempfile
from html import escape
from pathlib import Path
from typing import Any, Callable

from ..cards import CardSet
from ..errors import MacaError, SettingError, shown
from ..exercises.model import check, coloured
from ..exercises.progress import id_problem
from ..exercises.session import COURSE, GUEST, Attempt, Worksheet, answers_file_name
from ..exercises.sets import find_set, parse_set
from ..exercises.text import AnswersFileError
from ..reasons import seat_name
from ..words import CATALOGUES, Seat, SeatWord, Text, catalogue, is_you, say
from .base import Panel, button, card_buttons, group, heading, parse_card, parse_number

__all__ = ["ExercisePanel", "exercise_set", "set_section", "class_box", "STORAGE_PREFIX", "put_back",
           "keep_file"]

Actions = dict[str, Callable[[str], object]]

#: local storage keys: an answers file under ``STORAGE_PREFIX + file name``; the learner's
#: identity for a set under ``WHO_PREFIX + set id`` (and the last one used under ``WHO_LAST``,
#: which is also the prefix of both)
STORAGE_PREFIX = "maca-answers/"
WHO_PREFIX = "maca-exercises-who/"
WHO_LAST = "maca-exercises-who"
_FIELDS = ("course", "assignment", "student")
#: the lesson of each set's topic (its page next to the exercises page, its title), for the
#: summary at the end of a set
LESSONS: dict[str, tuple[str, Text]] = {
    "passing": ("02-passing", Text("2. Kart geçirme", "2. Passing cards")),
    "follow_suit": ("03-following-suit", Text("3. Renge uymak", "3. Following suit")),
    "hearts": ("05-breaking-hearts", Text("5. Kupaları kırmak", "5. Breaking hearts")),
    "scoring": ("06-scoring", Text("6. Puanlama ve oyunun sonu",
                                   "6. Scoring and the end of the game")),
    "moon": ("07-moon", Text("7. Kafa atmak", "7. Shooting the moon")),
    "turkish": ("08-turkish-rules", Text("8. Türkiye'de oynandığı gibi",
                                         "8. The game as played in Turkey")),
    "variants": ("09-variants", Text("9. Başka oyun türleri", "9. Other variants")),
    "strategy": ("10-strategy", Text("10. Strateji", "10. Strategy")),
}

catalogue("exercise_panel", {
    "questions": ("Sorular", "Questions"),
    "right": ("doğru", "right"),
    "wrong": ("yanlış", "wrong"),
    "seen": ("çözümü gösterildi", "solution shown"),
    "new": ("henüz cevap yok", "no answer yet"),
    "question_mark": ("Soru {n}: {mark}", "Question {n}: {mark}"),
    "kept": ("Cevapların bu tarayıcıda saklanıyor: sayfayı yeniden açıp seti canlandırdığında "
             "geri gelir.",
             "Your answers are kept in this browser: they come back when you open the page "
             "again and make the set live."),
    "memory": ("Cevapların yalnızca bu sayfa açıkken tutuluyor: bitirince cevap dosyasını al.",
               "Your answers are kept only while this page is open: get the answers file when "
               "you are done."),
    "you_are": ("Şu an: {title}", "Now: {title}"),
    "now_course": ("ders {course}", "course {course}"),
    "now_assignment": ("ödev {assignment}", "assignment {assignment}"),
    "now_student": ("öğrenci {student}", "student {student}"),
    "guest": ("misafir (numara yok)", "guest (no id)"),
    "seat_points": ("{seat:Gen} puanı", "{seat:Gen} points"),
    "your_points": ("Senin puanın", "Your points"),
    "standing_of": ("{seat}: sıralama puanı", "{seat}: standing"),
    "winner_of": ("Kazananlar", "Winners"),
    "size": ("{n} soru, {points} puan", "{n} questions, {points} points"),
    "question_n": ("Soru {n}", "Question {n}"),
    "static_score": ("Puanın ve kaydettiğin cevaplar set canlanınca görünür.",
                     "Your score and your saved answers show once the set is live."),
    "why_not": ("{cards} oynanamaz: {verdict}", "{cards} may not be played: {verdict}"),
    "all_legal": ("Burada seni sınırlayan bir kural yok: elindeki her kart oynanabilir.",
                  "No rule limits you here: every card in your hand may be played."),
    "summary": ("Set bitti: {score}/{max} puan", "Set done: {score} of {max} points"),
    "all_right": ("Bütün soruları doğru cevapladın.", "You answered every question right."),
    "to_review": ("Şu sorulara bir daha bak:", "Have another look at these questions:"),
    "go_back": ("{n}. soruya dön", "Back to question {n}"),
    "next_step": ("Sıradaki adım: derse dön ({lesson}), sonra yanlış soruları tekrar dene.",
                  "Next: go back to the lesson ({lesson}), then try the wrong questions again."),
    "next_done": ("Sıradaki adım: bir sonraki alıştırma setine geç ya da derse dön ({lesson}).",
                  "Next: go on to the next exercise set, or back to the lesson ({lesson})."),
    "next_step_plain": ("Sıradaki adım: yanlış soruları tekrar dene.",
                        "Next: try the wrong questions again."),
    "next_done_plain": ("Sıradaki adım: bir sonraki alıştırma setine geç.",
                        "Next: go on to the next exercise set."),
    "static_file": ("Canlandırınca cevap dosyanı buradan alabilirsin.",
                    "Once live, you can get your answers file here."),
    "locked": ("Bu set sınıfının ödevi: ders, ödev ve numaran sınıfından geliyor, cevapların "
               "kendiliğinden öğretmenine gidiyor.",
               "This set is your class's assignment: the course, the assignment and your id come "
               "from your class, and your answers go to your teacher by themselves."),
    # refusals (a page or a notebook that asks for what the panel does not offer)
    "locked_needs": ("kilitli bir alıştırma seti bir ders, bir ödev ve bir öğrenciyle, üçü de "
                     "verilerek açılır",
                     "a locked exercise set is opened as a course, an assignment and a student, "
                     "all given"),
    "named": ("bir alıştırma seti kimliğiyle adlandırılır ve metni bir yazıdır, {value} değil",
              "an exercise set is named by its id, not {value}, and its text is a string"),
    "store_or_folder": ("bir alıştırma seti cevaplarını ya sayfanın deposunda ya bir klasörde "
                        "tutar, ikisinde birden değil",
                        "an exercise set keeps its answers in the page's storage or in a "
                        "folder, not both"),
    "locked_who": ("bu set sınıfının verdiği gibi açıldı: kim olduğun değiştirilemez",
                   "this set is opened as its class gave it: who the learner is cannot change"),
    "a_question": ("soru numarası", "a question"),
    "no_card": ("bu soruda seçilecek {value} diye bir kart yok",
                "no card {value} to choose in this question"),
    "no_choice": ("{value} bu sorunun seçeneklerinden biri değil",
                  "{value} is not a choice of this question"),
    "no_winners": ("bu soruda seçilecek kazanan yok", "this question has no winners to choose"),
    "no_standing": ("bu soruda {value} diye bir sıralama yok",
                    "no standing {value} in this question"),
    "unreadable_number": ("{seat:Gen} puanı için yazdığın {given} okunamadı: −9999 ile 9999 "
                          "arasında bir tam sayı yaz, sonra yeniden “Kontrol et” düğmesine bas.",
                          "The {given} you wrote for {seat:nom} cannot be read: write a whole "
                          "number from −9999 to 9999, then press “Check” again."),
}, you={
    "unreadable_number": ("seat", "Kendi puanın için yazdığın {given} okunamadı: −9999 ile 9999 "
                          "arasında bir tam sayı yaz, sonra yeniden “Kontrol et” düğmesine bas.",
                          "The {given} you wrote for yourself cannot be read: write a whole "
                          "number from −9999 to 9999, then press “Check” again."),
}, scoped=True)

#: the class box of the exercises page (`class_box`): its words, which the page's class client
#: (``maca-class.js``) shows, and what it fills in (``{name}``, ``{n}``…)
catalogue("class_join", {
    "label": ("Sınıfın", "Your class"),
    "intro": ("Öğretmenin sana bir sınıf kodu ve bir katılma kodu verdiyse buraya yaz: "
              "cevapların kendiliğinden öğretmenine gider, dosya göndermen gerekmez.",
              "If your teacher gave you a class code and a join code, type them here: your "
              "answers go to your teacher by themselves, no file to send."),
    "class_code": ("Sınıf kodu", "Class code"),
    "join_code": ("Katılma kodun", "Your join code"),
    "join": ("Sınıfa katıl", "Join your class"),
    "hello": ("Merhaba {name}! Sınıfın: {course}", "Hello {name}! Your class: {course}"),
    "assignments": ("Ödevlerin:", "Your assignments:"),
    "no_assignments": ("Şimdilik ödevin yok.", "No assignments for now."),
    "assignment": ("ödev {name}", "assignment {name}"),
    "due": ("son gün {due}", "due {due}"),
    "points": ("sunucudaki puanın {score}/{max}", "your score on the server {score}/{max}"),
    "saved": ("Kaydedildi ✓", "Saved ✓"),
    "sending": ("Gönderiliyor…", "Sending…"),
    "waiting_one": ("Gönderilmeyi bekleyen 1 cevap — bağlantı gelince gönderilecek",
                    "1 answer waiting to be sent — it goes as soon as the connection is back"),
    "waiting": ("Gönderilmeyi bekleyen {n} cevap — bağlantı gelince gönderilecek",
                "{n} answers waiting to be sent — they go as soon as the connection is back"),
    "refused": ("Katılamadın: kodları denetleyip yeniden dene.",
                "You could not join: check the codes and try again."),
    "unreachable": ("Sınıf sunucusuna ulaşılamadı: bağlantını denetleyip yeniden dene.",
                    "The class server cannot be reached: check your connection and try again."),
    "ended": ("Oturumun kapanmış: kodlarınla yeniden katıl.",
              "Your session has ended: join again with your codes."),
    "signout": ("Çıkış yap", "Sign out"),
    "signout_hint": ("Ortak bir bilgisayardaysan bitirince çıkış yap: bu tarayıcıda senden bir "
                     "şey kalmaz.",
                     "On a shared computer, sign out when you are done: nothing of yours stays "
                     "in this browser."),
    "signout_pending": ("{n} cevabın henüz gönderilmedi: çıkarsan bu tarayıcıdan silinir. Yine "
                        "de çıkmak için bir daha bas.",
                        "{n} of your answers are not sent yet: signing out deletes them from "
                        "this browser. Press again to sign out anyway."),
}, scoped=True)


def put_back(store: Any, folder: Path | None, name: str) -> None:
    """Write the answers file ``name`` kept in the page's storage (if any) into ``folder``,
    where a worksheet opened there reads it back."""
    kept = None if store is None or folder is None else store.getItem(STORAGE_PREFIX + name)
    if kept is not None and folder is not None:
        (folder / name).write_text(kept, encoding="utf-8")


def keep_file(store: Any, sheet: Worksheet) -> None:
    """Copy a worksheet's answers file into the page's storage, under its own name."""
    if store is not None and sheet.path is not None and sheet.path.exists():
        store.setItem(STORAGE_PREFIX + sheet.path.name, sheet.path.read_text(encoding="utf-8"))


class ExercisePanel(Panel):
    """An exercise set (``name``, see `maca.exercises.find_set`) for one learner: ``course``,
    ``assignment`` and ``student`` pick their own variant (defaults: practice as a guest, or
    who the learner said they were the last time); the answers file is kept in ``store`` (the
    page's storage) or in ``folder``, not both (neither: in memory); ``text``, a set's TOML
    text, is read instead of the set ``name`` (a notebook sheet carries its set so); a
    ``locked`` set (a joined student's assignment) keeps the course, assignment and student it
    was given.

    >>> given = ExercisePanel("en", "passing", course="9A", assignment="hw1", student="17",
    ...                       locked=True)
    >>> given.spec()["locked"], " readonly" in given.body(live=True)
    (True, True)
    >>> given.act("open")
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: this set is opened as its class gave it: who the learner is cannot change
    """

    kind = "exercise_set"
    keeps = (STORAGE_PREFIX, WHO_LAST)

    def __init__(self, lang: str = "tr", name: str = "passing", course: str | None = None,
                 assignment: str | None = None, student: str | None = None,
                 folder: str | None = None, text: str | None = None,
                 store: Any = None, locked: bool = False) -> None:
        given = {"course": course, "assignment": assignment, "student": student,
                 "folder": folder, "text": text, "locked": locked or None}
        super().__init__(lang, name=name, **{k: v for k, v in given.items() if v is not None})
        if locked is not False and (locked is not True or None in (course, assignment, student)):
            raise SettingError(say("exercise_panel.locked_needs"))
        #: who the learner is was given (by their class): the boxes are shown and cannot change
        self.locked = locked
        if not isinstance(name, str) or not isinstance(text, (str, type(None))):
            raise SettingError(say("exercise_panel.named"), value=shown(name))
        if store is not None and folder is not None:
            raise SettingError(say("exercise_panel.store_or_folder"))
        self.base = find_set(name) if text is None else parse_set(text, default_id=name)
        self.store = store
        #: with a store, the worksheet's own temporary folder (removed with the panel)
        self._scratch = (tempfile.TemporaryDirectory(prefix="maca-answers-")
                         if store is not None else None)
        self.folder: Path | None = (Path(self._scratch.name) if self._scratch is not None
                                    else None if folder is None else Path(folder))
        who = {k: v for k, v in (("course", course), ("assignment", assignment),
                                 ("student", student)) if v is not None}
        if not who:
            who = self._remembered()
        self.refused: MacaError | None = None
        self.unreadable: Text | None = None  # a typed number that could not be read
        self.problem: Text | None = None     # a refused identity, said in words
        self.opened: Text | None = None      # what opening found (answers restored)
        self.show_opened = True              # said until the learner's first click
        self.worksheet = self._open(who)
        self.typed = self._identity()
        #: why each solution is right (the engine's words), by exercise id, once asked
        self._reasons: dict[str, tuple[Text, ...]] = {}

    # -- who is answering, and the answers file --------------------------------------------------
    def _remembered(self) -> dict[str, str]:
        """Who the learner said they were for this set (or for the last set they opened)."""
        if self.store is None:
            return {}
        for key, per_set in ((WHO_PREFIX + self.base.id, True), (WHO_LAST, False)):
            text = self.store.getItem(key)
            try:
                who = json.loads(text) if text else None
            except (ValueError, RecursionError):
                who = None
            if isinstance(who, dict):   # what the page kept may be damaged: only good ids count
                keep = _FIELDS if per_set else ("course", "student")
                return {k: who[k] for k in keep if id_problem(who.get(k)) is None}
        return {}

    def _open(self, who: dict[str, str]) -> Worksheet:
        """The worksheet of ``who`` (missing parts: the defaults), its file put back from the
        page's storage first; a file that is someone else's opens it in memory only."""
        course = who.get("course") or COURSE
        assignment = who.get("assignment") or self.base.id
        student = who.get("student") or GUEST
        put_back(self.store, self.folder, answers_file_name(self.base.id, student))
        try:
            sheet = Worksheet.for_student(self.base, course, assignment, student, self.folder)
            self.refused = None
        except AnswersFileError as exc:
            sheet = Worksheet.for_student(self.base, course, assignment, student, None)
            self.refused = exc
        self.opened, self.show_opened = sheet.status, True
        return sheet

    def _identity(self) -> dict[str, str]:
        progress = self.worksheet.progress
        return {"course": progress.course, "assignment": progress.assignment,
                "student": "" if self.worksheet.anonymous else progress.student_id}

    def _reopen(self) -> None:
        """Open the set again as the course, assignment and student typed in."""
        if self.locked:
            raise SettingError(say("exercise_panel.locked_who"))
        who = {k: self.typed.get(k, "").strip() for k in _FIELDS}
        progress = self.worksheet.progress
        if (who["course"] or COURSE, who["assignment"] or self.base.id,
                who["student"] or GUEST) == (progress.course, progress.assignment,
                                             progress.student_id) and self.refused is None:
            return   # already open as them
        try:
            sheet = self._open(who)
        except MacaError as exc:   # an identity the session refuses (too long)
            self.problem = exc.text
            return
        self.worksheet, self.problem = sheet, None
        self.typed = self._identity()
        self._keep()

    def _keep(self) -> None:
        """Copy the answers file (and who the learner is) into the page's storage."""
        store, sheet = self.store, self.worksheet
        if store is None:
            return
        who = json.dumps(self._identity())
        store.setItem(WHO_PREFIX + self.base.id, who)
        store.setItem(WHO_LAST, who)
        keep_file(store, sheet)

    # -- the panel -------------------------------------------------------------------------------
    @property
    def lesson(self) -> Worksheet:
        """The controller (as every panel names it): the worksheet."""
        return self.worksheet

    @property
    def attempt(self) -> Attempt:
        """The question on screen."""
        return self.worksheet.current

    def title(self) -> str:
        return self.base.title[self.lang]

    def fill(self, fields: dict[str, str]) -> None:
        """The typed fields sent with a click: a number per seat (``n0``, ``n1``, …) and who
        the learner is (``course``, ``assignment``, ``student``)."""
        attempt = self.attempt
        self.unreadable = None
        for seat in range(attempt.players):
            value = fields.get(f"n{seat}")
            if not isinstance(value, str) or not value.strip() or attempt.form.mode != "numbers":
                continue
            try:
                number: int | None = int(value.strip().replace("−", "-"))
            except ValueError:
                number = None
            if number is None or abs(number) >= 10_000:   # said at the check, never taken as 0
                self.unreadable = self.unreadable or say(
                    "exercise_panel.unreadable_number", seat=Seat(seat, attempt.players),
                    given=shown(value.strip()[:40]))
            elif not attempt.closed and attempt.draft.numbers[seat] != number:
                attempt.set_number(seat, number)
        for key in _FIELDS:
            if isinstance(fields.get(key), str):
                self.typed[key] = fields[key][:200]

    def _check(self) -> None:
        """Check the answer, unless a typed number could not be read: then say so (no try)."""
        if self.unreadable is not None:
            self.attempt.note, self.unreadable = self.unreadable, None
        else:
            self.attempt.check()

    def actions(self) -> Actions:
        sheet = self.worksheet
        return {"go": lambda v: sheet.go(parse_number(v, 1, len(sheet), say("exercise_panel.a_question")) - 1),
                "previous": lambda _: sheet.previous(), "next": lambda _: sheet.next(),
                "card": self._card, "choose": self._choose, "winner": self._winner,
                "standing": self._standing, "check": lambda _: self._check(),
                "hint": lambda _: self.attempt.hint(), "retry": lambda _: self.attempt.retry(),
                "reveal": lambda _: self.attempt.reveal(), "open": lambda _: self._reopen()}

    def act(self, action: str, value: str = "") -> None:
        if action != "open":
            self.show_opened = False
        super().act(action, value)
        self._keep()

    def _card(self, value: str) -> None:
        card = parse_card(value)
        mode = self.attempt.form.mode
        offered = self.attempt.offered() if mode in ("cards", "card", "line") else []
        if card not in offered:
            raise SettingError(say("exercise_panel.no_card"), value=shown(value))
        if mode == "line":   # a puzzle's card is played (and checked) at once
            self.attempt.play(card)
        else:
            self.attempt.toggle(card)

    def _choose(self, value: str) -> None:
        attempt = self.attempt
        if attempt.form.mode == "yes_no":
            choices: dict[str, Any] = {"yes": True, "no": False}
        elif attempt.form.mode == "seat":
            choices = {str(s): s for s in attempt.offered()}
        else:
            choices = {}
        if value not in choices:
            raise SettingError(say("exercise_panel.no_choice"), value=shown(value))
        attempt.choose(choices[value])

    def _seat(self, value: str) -> int:
        return parse_number(value, 0, self.attempt.players - 1, say("panel.a_seat"))

    def _winner(self, value: str) -> None:
        if self.attempt.form.mode != "winners":
            raise SettingError(say("exercise_panel.no_winners"))
        self.attempt.toggle_winner(self._seat(value))

    def _standing(self, value: str) -> None:
        seat, _, standing = value.partition(":")
        if self.attempt.form.mode != "winners" or standing not in ("1", "0", "-1"):
            raise SettingError(say("exercise_panel.no_standing"), value=shown(value))
        self.attempt.set_standing(self._seat(seat), int(standing))

    # -- drawing ---------------------------------------------------------------------------------
    def body(self, live: bool) -> str:
        sheet, attempt, lang = self.worksheet, self.attempt, self.lang
        exercise = attempt.exercise
        points = say("points", points=exercise.points)[lang]
        where = say("question_of", n=sheet.index + 1, total=len(sheet))[lang]
        parts = [self._header(live),
                 f'<p class="maca-ex-where">{escape(where)} · {escape(points)}</p>',
                 f'<p class="maca-ex-prompt">{coloured(exercise.prompt[lang])}</p>',
                 f'<div class="maca-ex-picture">{attempt.picture(lang)}</div>',
                 '<form class="maca-ex-answer" data-maca-form="answer">',
                 self._answer(live), self._controls(live), "</form>",
                 self._messages(), self._nav(live), self._list(live), self._summary(live),
                 self._footer(live)]
        return '<div class="maca-ex">' + "".join(parts) + "</div>"

    def _header(self, live: bool) -> str:
        """The score (only once live: the static picture does not know the saved answers)."""
        sheet, lang = self.worksheet, self.lang
        if not live:
            return (f'<p class="maca-ex-score">'
                    f'{escape(say("exercise_panel.static_score")[lang])}</p>')
        got, most, tried = sheet.score()
        score = say("score_so_far", score=got, max=most, tried=tried, total=len(sheet))[lang]
        return f'<p class="maca-ex-score"><strong>{escape(score)}</strong></p>'

    def _list(self, live: bool) -> str:
        """The question buttons with their marks: after the answer and Previous/Next, so the
        keyboard reaches the answer first (and a screen reader hears the question first)."""
        sheet, lang = self.worksheet, self.lang
        marks = []
        for i, attempt in enumerate(sheet):
            mark = attempt.mark if live else "new"
            name = (say("exercise_panel.question_mark", n=i + 1,
                        mark=say(f"exercise_panel.{mark}")[lang])[lang] if live
                    else say("exercise_panel.question_n", n=i + 1)[lang])
            symbol = {"right": "✓", "wrong": "✗", "seen": "◐", "new": ""}[mark]
            current = ' aria-current="step"' if i == sheet.index else ""
            marks.append(f'<button type="button" class="maca-ex-q maca-ex-{mark}" '
                         f'data-act="go" data-value="{i + 1}" aria-label="{escape(name)}" '
                         f'title="{escape(name)}"{current}{"" if live else " disabled"}>'
                         f"{i + 1}{symbol}</button>")
        return (f'<div class="maca-ex-list" role="group" aria-label="'
                f'{escape(say("exercise_panel.questions")[lang])}">{"".join(marks)}</div>')

    def _summary(self, live: bool) -> str:
        """Once every question is tried: the score, the questions to look at again (a button
        back to each) and what to do next (the set's lesson, trying again)."""
        sheet, lang = self.worksheet, self.lang
        if not live or any(a.mark == "new" for a in sheet):
            return ""
        got, most, _ = sheet.score()
        head = say("exercise_panel.summary", score=got, max=most)[lang]
        missed = [(i, a) for i, a in enumerate(sheet) if a.mark != "right"]
        parts = [f'<p><strong>{escape(head)}</strong></p>']
        if missed:
            back = "".join(button(say("exercise_panel.go_back", n=i + 1)[lang], "go", live,
                                  str(i + 1)) for i, _ in missed)
            parts.append(f'<p>{escape(say("exercise_panel.to_review")[lang])}</p>'
                         f'<div class="maca-controls">{back}</div>')
        else:
            parts.append(f'<p>{escape(say("exercise_panel.all_right")[lang])}</p>')
        again = any(a.mark == "wrong" for a in sheet)
        lesson = LESSONS.get(self.base.topic)
        key = "next_step" if again else "next_done"
        if lesson is None:
            parts.append(f'<p>{escape(say(f"exercise_panel.{key}_plain")[lang])}</p>')
        else:
            page, title = lesson
            marker = "\x00"
            text = escape(say(f"exercise_panel.{key}", lesson=marker)[lang])
            link = f'<a href="{page}.html">{escape(title[lang])}</a>'
            parts.append(f"<p>{text.replace(marker, link)}</p>")
        label = escape(say("exercise_panel.summary", score=got, max=most)[lang])
        return (f'<section class="maca-ex-summary maca-note" aria-label="{label}">'
                + "".join(parts) + "</section>")

    def _answer(self, live: bool) -> str:
        attempt, lang = self.attempt, self.lang
        draft, closed, mode, n = attempt.draft, attempt.closed, attempt.form.mode, attempt.players
        label = say("answer")[lang]
        if mode in ("cards", "card", "line"):
            reason = (say("solved") if attempt.solved else say("closed"))[lang]
            held = CardSet(attempt.offered())
            cards = card_buttons(held, lang, live, playable=CardSet() if closed else None,
                                 selected=CardSet(draft.cards), toggles=True, label=label,
                                 reasons={c: reason for c in held} if closed else None)
            if closed:   # the answer given stays pressed, but may not be changed either
                cards = cards.replace(' aria-pressed="true"',
                                      ' aria-disabled="true" aria-pressed="true"')
            return heading(label) + cards
        if mode == "seat":
            choices = [button(say("nobody")[lang] if s == "none" else seat_name(s, lang, n),
                              "choose", live, str(s), pressed=draft.choice == s
                              and type(draft.choice) is type(s), blocked=closed)
                       for s in attempt.offered()]
            return group(label, *choices)
        if mode == "yes_no":
            return group(label, *(button(say(f"answer_{key}")[lang], "choose", live, key,
                                         pressed=draft.choice is value, blocked=closed)
                                  for key, value in (("yes", True), ("no", False))))
        if mode == "numbers":
            boxes = []
            for seat in range(n):
                name = seat_name(seat, lang, n)
                key = "your_points" if is_you(seat) else "seat_points"
                points_of = say(f"exercise_panel.{key}", seat=SeatWord(seat, lang, n))[lang]
                boxes.append(
                    f'<label class="maca-ex-number"><span>{escape(name)}</span>'
                    f'<input type="number" name="n{seat}" step="1" inputmode="numeric" '
                    f'value="{draft.numbers[seat]}" aria-label="'
                    f'{escape(points_of)}"'
                    f'{" readonly" if closed else ""}{"" if live else " disabled"}></label>')
            return (heading(say("hand_points")[lang])
                    + '<div class="maca-controls">' + "".join(boxes) + "</div>")
        winners = [button(seat_name(s, lang, n), "winner", live, str(s),
                          pressed=s in draft.winners, blocked=closed) for s in range(n)]
        rows = [f'<div class="maca-controls maca-ex-standing" role="group" aria-label="'
                f'{escape(say("exercise_panel.standing_of", seat=seat_name(s, lang, n))[lang])}">'
                f'<span class="maca-label">{escape(seat_name(s, lang, n))}</span>'
                + "".join(button(shown_value, "standing", live, f"{s}:{v}",
                                 pressed=draft.standings[s] == v, blocked=closed)
                          for shown_value, v in (("+1", 1), ("0", 0), ("−1", -1))) + "</div>"
                for s in range(n)]
        return (group(say("winners")[lang], *winners) + heading(say("standings")[lang])
                + "".join(rows))

    def _controls(self, live: bool) -> str:
        attempt, lang = self.attempt, self.lang
        exercise = attempt.exercise
        closed = attempt.closed
        check = button(say("check")[lang], "check", live, blocked=closed).replace(
            'type="button" class="maca-button"', 'type="submit" class="maca-button maca-ex-check"', 1)
        parts = [check]
        if exercise.hints:
            parts.append(button(say("hint")[lang], "hint", live,
                                blocked=closed or len(attempt.hints) >= len(exercise.hints)))
        if attempt.can_reveal():
            parts += [button(say("retry")[lang], "retry", live),
                      button(say("reveal")[lang], "reveal", live)]
        return '<div class="maca-controls">' + "".join(parts) + "</div>"

    def _messages(self) -> str:
        attempt, lang = self.attempt, self.lang
        parts = []
        result = attempt.shown_result()
        if result is not None:
            score = say("score", score=result.score, max=result.max_score)[lang]
            lines = "<br>".join(coloured(line) for line in result.message(lang).splitlines())
            kind = "ok" if result.passed else "error"
            parts.append(f'<p class="maca-note maca-note-{kind}">{lines}<br>'
                         f"{escape(score)}</p>")
        if attempt.note is not None:
            parts.append(f'<p class="maca-note maca-note-error">{coloured(attempt.note[lang])}</p>')
        parts += [f'<p class="maca-note">{coloured(say("hint_n", n=i + 1, hint=h)[lang])}</p>'
                  for i, h in enumerate(attempt.hints)]
        solution = attempt.solution()
        if solution is not None:
            why = "".join(f"<br>{coloured(line[lang])}" for line in self._why(attempt))
            parts.append(f'<p class="maca-note maca-ex-solution">'
                         f'{coloured(say("solution", solution=solution)[lang])}{why}</p>')
        if not parts and not attempt.closed:
            parts.append(f'<p class="maca-note">{escape(attempt.form.how()[lang])}</p>')
        return f'<div class="maca-ex-messages" role="status">{"".join(parts)}</div>'

    def _why(self, attempt: Attempt) -> tuple[Text, ...]:
        """Why the solution is right, in the engine's words: the feedback the engine gives
        its own answer (who wins the trick and with what, where the cards are passed, each
        seat's points…); for the cards that may be played, why each other card may not."""
        exercise = attempt.exercise
        if exercise.id not in self._reasons:
            question = exercise.question
            why: tuple[Text, ...] = ()
            if question.kind != "choose_pass":   # its solution already says each pass's points
                why = check(exercise, exercise.answer()).feedback[1:]
            hand = getattr(question, "hand", None)
            if not why and question.form.mode == "cards" and hand is not None:
                why = _refusals(hand, CardSet(attempt.offered()),
                                question.read(exercise.answer()))
            self._reasons[exercise.id] = why
        return self._reasons[exercise.id]

    def _nav(self, live: bool) -> str:
        sheet, lang = self.worksheet, self.lang
        return ('<div class="maca-controls maca-ex-nav">'
                + button(say("previous")[lang], "previous", live, blocked=sheet.index == 0)
                + button(say("next")[lang], "next", live,
                         blocked=sheet.index == len(sheet) - 1) + "</div>")

    def _footer(self, live: bool) -> str:
        sheet, lang = self.worksheet, self.lang
        name = sheet.file_name
        label = say("export")[lang]
        if live:
            get = (f'<a class="maca-button maca-ex-download" download="{escape(name)}" '
                   f'href="{sheet.data_url()}">⬇ {escape(label)}</a> '
                   f'<span>{escape(say("hand_in")[lang])}</span>')
        else:
            get = (f'<span class="maca-button maca-ex-download" aria-disabled="true">'
                   f'⬇ {escape(label)}</span> <span>{escape(say("exercise_panel.static_file")[lang])}</span>')
        notes = []
        if self.refused is not None:
            why = (self.refused.message(lang) if isinstance(self.refused, AnswersFileError)
                   else str(self.refused))
            notes.append(f'<p class="maca-note maca-note-error">{escape(why)} '
                         f'{escape(say("not_saved")[lang])} {escape(say("if_yours")[lang])}</p>')
        if self.problem is not None:
            notes.append(f'<p class="maca-note maca-note-error">{escape(self.problem[lang])}</p>')
        if live and self.refused is None:
            failed = sheet.status not in (None, self.opened, say("saved", file=name))
            if failed and sheet.status is not None:
                notes.append(f'<p class="maca-note maca-note-error">{escape(sheet.status[lang])}</p>')
            status = (self.opened[lang] + " " if self.opened is not None and self.show_opened
                      else "")
            kept = (say("exercise_panel.kept")[lang] if self.store is not None and sheet.path
                    else say("saved", file=name)[lang] if sheet.path else say("exercise_panel.memory")[lang])
            notes.append(f'<p class="maca-ex-file">{escape(status + kept)}</p>')
        if live and sheet.anonymous:
            notes.append(f'<p class="maca-ex-file">{escape(say("no_student")[lang])}</p>')
        progress = sheet.progress
        # the set by its title; the course and the assignment only when they are not the
        # defaults (a class's, or typed in)
        parts = [say("exercise_panel.you_are", title=self.title())]
        if progress.course != COURSE:
            parts.append(say("exercise_panel.now_course", course=progress.course))
        if progress.assignment != self.base.id:
            parts.append(say("exercise_panel.now_assignment", assignment=progress.assignment))
        parts.append(say("exercise_panel.now_student",
                         student=say("exercise_panel.guest")[lang] if sheet.anonymous
                         else progress.student_id))
        now = " · ".join(part[lang] for part in parts)
        fields = "".join(
            f'<label class="maca-ex-field"><span>{escape(say(key)[lang])}</span>'
            f'<input type="text" name="{key}" value="{escape(self.typed.get(key, ""))}" '
            f'maxlength="200" autocomplete="off"{" readonly" if self.locked else ""}'
            f'{"" if live else " disabled"}></label>'
            for key in _FIELDS)
        submit = button(say("open")[lang], "open", live, blocked=self.locked).replace(
            'type="button"', 'type="submit"', 1)
        asked = say("exercise_panel.locked" if self.locked else "who")[lang]
        who = (f'<form class="maca-ex-who" data-maca-form="who"><p>{escape(asked)}'
               f'</p><div class="maca-controls">{fields}{submit}</div>'
               f'<p class="maca-ex-file">{escape(now)}</p></form>')
        return (f'<div class="maca-ex-footer"><div class="maca-controls">{get}</div>'
                + "".join(notes) + who + "</div>")


def _refusals(hand: Any, held: CardSet, legal: CardSet) -> tuple[Text, ...]:
    """Why the cards of ``held`` outside ``legal`` may not be played (the engine's verdict,
    the cards of one verdict together), or that every card may be."""
    grouped: dict[str, tuple[list[str], Any]] = {}
    for card in held.sorted_for_display():
        if card in legal:
            continue
        verdict = hand.check(card)
        cards, _ = grouped.setdefault(verdict.message("en"), ([], verdict))
        cards.append(card.symbol)
    if not grouped:
        return (say("exercise_panel.all_legal"),)
    return tuple(say("exercise_panel.why_not", cards=" ".join(cards), verdict=verdict)
                 for cards, verdict in grouped.values())


def exercise_set(lang: str = "tr", name: str = "passing", course: str | None = None,
                 assignment: str | None = None, student: str | None = None,
                 folder: str | None = None, text: str | None = None) -> ExercisePanel:
    """The exercise panel of the set ``name`` (``passing``, ``hearts``, …), for a book page.

    >>> exercise_set("tr", "hearts").title()
    'Kupaları kırmak'
    """
    return ExercisePanel(lang, name, course=course, assignment=assignment, student=student,
                         folder=folder, text=text)


class _Section(str):
    """HTML that a notebook (and the book) shows as HTML."""

    def _repr_html_(self) -> str:
        return str(self)


def set_section(lang: str, name: str) -> _Section:
    """A set on the exercises page: what it covers, its size and its panel (the sets' live
    notebooks are for teachers: their page links them).

    >>> html = set_section("tr", "passing")
    >>> "16 soru, 16 puan" in html, "ipynb" in html
    (True, False)
    """
    panel = exercise_set(lang, name)
    base = panel.base
    about = base.description[lang] if base.description else ""
    size = say("exercise_panel.size", n=len(base), points=base.max_score)[lang]
    summary = f'<p class="maca-ex-links">{escape(about)} <em>{escape(size)}.</em></p>'
    return _Section(summary + panel._repr_html_())


def class_box(lang: str) -> _Section:
    """The "Sınıfa katıl" / "Join your class" box of the exercises page: hidden on the static
    site; on a page served by a class server the page's class client (``maca-class.js``) shows
    it, joins with the codes typed in, and then shows the student, their assignments, whether
    their answers have reached the server, and "Çıkış yap" / "Sign out". Its words travel in
    ``data-words`` (the client has none of its own).

    >>> html = class_box("tr")
    >>> "Sınıfa katıl" in html, "<section hidden" in html, "Kaydedildi ✓" in html
    (True, True, True)
    """
    words = {key.split(".", 1)[1]: text[lang] for key, text in CATALOGUES["class_join"].items()}
    field = ('<label class="maca-ex-field"><span>{label}</span><input type="text" name="{name}" '
             'required maxlength="40" autocomplete="off" autocapitalize="characters" '
             'spellcheck="false"></label>')
    fields = "".join(field.format(label=escape(words[name]), name=name)
                     for name in ("class_code", "join_code"))
    join = (f'<form class="maca-class-join"><p>{escape(words["intro"])}</p>'
            f'<div class="maca-controls">{fields}<button type="submit" class="maca-button">'
            f'{escape(words["join"])}</button></div>'
            '<p class="maca-note maca-note-error maca-class-problem" role="alert"></p></form>')
    joined = ('<div class="maca-class-joined" hidden><p class="maca-class-who"></p>'
              f'<p>{escape(words["assignments"])}</p><ul class="maca-class-assignments"></ul>'
              '<p class="maca-class-status" role="status"></p>'
              '<p class="maca-note maca-note-error maca-class-problem" role="alert"></p>'
              '<div class="maca-controls"><button type="button" class="maca-button '
              f'maca-class-signout">{escape(words["signout"])}</button></div>'
              f'<p class="maca-ex-file">{escape(words["signout_hint"])}</p></div>')
    return _Section(
        f'<section hidden class="maca-class" lang="{lang}" aria-label="{escape(words["label"])}" '
        f"data-words='{escape(json.dumps(words, ensure_ascii=False), quote=True)}' "
        'style="border:1px solid #9aa3ae;border-radius:10px;padding:.6em .8em;margin:1em 0;'
        f'background:#f5f8ff">{join}{joined}</section>')
