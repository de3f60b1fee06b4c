"""Which wording of a card is current, and which older wordings stay visible.

The newest dated wording wins (shared/riftbound-data/SOURCES.md): each source's text of each printing is dated by
its source, each erratum's new text by its publication. So an erratum published after every source (Radiance's,
2026-10-09) beats them all, the 2026-07 gallery beats RiftCodex and the 2026-03 gallery, and an erratum beats any source
older than it. At one date an erratum comes first, then the newer source, then the printing of the latest set (a
promo reprint last), then the plain printing before its variants.

A source that prints an erratum's OLD text is older than that erratum, whatever its own date: the 2026-07 gallery and
today's RiftCodex print the cards as printed, before errata (38 printings of the 2026-07 gallery print the old text
of an Origins or Spiritforged erratum: Tideturner's "choose a friendly unit", which the erratum of 2025-10-28 made "a
unit you control at another location", as the current rules documents quote it).

Older wordings stay visible, each with its source and date, except those an erratum shows already (its new or old
text).

A source that gives no text at all (a gallery extract of codes and costs) gives no wording: where no source gives a
card's text, its text is its newest erratum's, else not known (`Wording.known`).

A text that is only the first part of another source's text of the card is not a wording: the 2026-07 gallery and
today's RiftCodex drop the second ability of some equipment (Trinity Force's "When I hold, score 1 point."), and a
card must not lose an ability because a newer source cut it off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardsdb.build.importers import text as cardtext
from cardsdb.build.importers.errata import ErratumEntry
from cardsdb.build.importers.printings import loose_wording
from cardsdb.build.merge import CardGroup, MergedPrinting
from cardsdb.models import OlderWording
from cardsdb.sets import newest_first_rank
from cardsdb.text.reminders import reminder_count

ERRATUM = 1  # at one date an erratum's wording comes before a source's
PRINTED = 0
REPLACED = -1  # a source's text that an erratum replaced: it ranks just before that erratum


@dataclass(frozen=True)
class Candidate:
    text_raw: str
    date: str | None
    kind: int  # ERRATUM, PRINTED or REPLACED
    source: str  # in player words
    rank: int  # the source's rank (newest source highest); 0 for an erratum
    printing: MergedPrinting | None  # the printing that prints it (None for an erratum)

    def key(self) -> tuple[str, int, int, tuple[int, int], bool, str]:
        printing = self.printing
        set_key = newest_first_rank(printing.record.set_id) if printing else (0, 0)
        base = printing.record.is_base if printing else False
        # The last element keeps the order total (two plain printings of one set: the higher id).
        return (self.date or "", self.kind, self.rank, set_key, base, printing.id if printing else "")


@dataclass(frozen=True)
class Wording:
    text_raw: str
    source: str | None
    date: str | None
    printing: (
        MergedPrinting  # whose fields (cost, might, types, tags) the card takes: its latest plain printing
    )
    older: tuple[OlderWording, ...]
    known: bool = True  # False where no source and no erratum gives the card's text


RULES_FIELDS = frozenset({"text_raw", "types", "domains", "might", "tags", "energy"})
"""The fields a printing may lack that the card's rules need: the card takes its fields from a printing that knows
them (an overnumbered reprint in a gallery extract, without text or Might, gives them to no card)."""


def fields_printing(group: CardGroup) -> MergedPrinting:
    """The printing whose fields the card takes: of those that know the most, the latest set's plain printing."""
    return max(
        group.printings,
        key=lambda p: (
            -len(p.record.lacks & RULES_FIELDS),
            newest_first_rank(p.record.set_id),
            p.record.is_base,
            p.id,
        ),
    )


def printed_candidates(group: CardGroup) -> list[Candidate]:
    """Every source's text of every printing, but not a text that another text of the card continues."""
    found = [
        Candidate(t.text_raw, t.date, PRINTED, t.label, t.rank, printing)
        for printing in group.printings
        for t in printing.texts
        if t.known
    ]
    forms = {_lines(c.text_raw) for c in found}
    whole = [c for c in found if not is_cut_off(_lines(c.text_raw), forms)]
    return whole or found


def _lines(text_raw: str) -> tuple[str, ...]:
    return tuple(cardtext.comparable(line) for line in text_raw.splitlines() if line.strip())


def is_cut_off(lines: tuple[str, ...], others: set[tuple[str, ...]]) -> bool:
    """True when a text's lines (comparable) are the first lines of a longer text."""
    return any(len(other) > len(lines) and other[: len(lines)] == lines for other in others)


def erratum_candidate(entry: ErratumEntry, domains: Sequence[str]) -> Candidate:
    text = cardtext.from_article_symbols(entry.new_text, domains)
    return Candidate(text, entry.date, ERRATUM, entry.source_title, 0, None)


def dated_by_errata(candidate: Candidate, errata: Sequence[ErratumEntry]) -> Candidate:
    """A source's text that is an erratum's old text (and not its new one) dates from before that erratum."""
    wording = loose_wording(candidate.text_raw)
    for entry in errata:
        if not entry.date or not entry.old_text or loose_wording(entry.old_text) != wording:
            continue
        if loose_wording(entry.new_text) != wording and (candidate.date or "") >= entry.date:
            candidate = replace(candidate, date=entry.date, kind=REPLACED)
    return candidate


def current_wording(group: CardGroup, errata: Sequence[ErratumEntry]) -> Wording:
    """The card's current wording, the printing whose fields the card takes, and its older wordings."""
    printed = [dated_by_errata(c, errata) for c in printed_candidates(group)]
    if not printed:
        return _untold_wording(group, errata)
    best_printed = max(printed, key=Candidate.key)
    domains = best_printed.printing.record.domains if best_printed.printing else ()
    dated_errata = [erratum_candidate(e, domains) for e in errata if e.date]
    best = max([*printed, *dated_errata], key=Candidate.key)
    chosen = best
    if best.kind == ERRATUM:
        # A printing that prints the erratum's wording gives the text (its symbols and reminders as printed).
        same = [c for c in printed if loose_wording(c.text_raw) == loose_wording(best.text_raw)]
        if same:
            chosen = max(same, key=Candidate.key)
    text_raw = _with_reminder_errata(_with_reminders(chosen.text_raw, printed), errata, domains)
    shown_elsewhere = {loose_wording(t) for e in errata for t in (e.new_text, e.old_text) if t}
    return Wording(
        text_raw=text_raw,
        source=best.source,
        date=best.date,
        printing=fields_printing(group),
        older=_older(printed, text_raw, shown_elsewhere),
    )


def _untold_wording(group: CardGroup, errata: Sequence[ErratumEntry]) -> Wording:
    """A card no source gives the text of: its newest erratum's text (Last Caress), else its text is not known."""
    printing = fields_printing(group)
    dated = [erratum_candidate(e, printing.record.domains) for e in errata if e.date]
    if not dated:
        return Wording("", None, None, printing, (), known=False)
    best = max(dated, key=Candidate.key)
    return Wording(best.text_raw, best.source, best.date, printing, ())


def _with_reminders(text_raw: str, printed: Sequence[Candidate]) -> str:
    """Of the printings with this wording, the text of the one that prints the most reminder text; a keyword's
    reminder another printing prints is put back where this one dropped it."""
    wording = cardtext.comparable(text_raw)
    same = [c for c in printed if cardtext.comparable(c.text_raw) == wording]
    if same:
        richest = max(sorted(same, key=Candidate.key, reverse=True), key=lambda c: reminder_count(c.text_raw))
        if reminder_count(richest.text_raw) > reminder_count(text_raw):
            text_raw = richest.text_raw
    reminders: dict[str, str] = {}
    for candidate in sorted(printed, key=Candidate.key, reverse=True):
        for token, reminder in cardtext.keyword_reminders(candidate.text_raw).items():
            reminders.setdefault(token, reminder)
    return cardtext.add_reminders(text_raw, reminders)


def _with_reminder_errata(text_raw: str, errata: Sequence[ErratumEntry], domains: Sequence[str]) -> str:
    """A keyword's reminder an erratum rewrote (Resonating Strike's [Reaction] printed with Action's reminder, set
    right by the Vendetta errata): where the text still prints the erratum's old reminder, the text is older than
    the erratum whatever its source's date, so the erratum's reminder replaces it."""
    for entry in sorted((e for e in errata if e.date and e.old_text), key=lambda e: e.date or ""):
        assert entry.old_text is not None
        old = cardtext.keyword_reminders(cardtext.from_article_symbols(entry.old_text, domains))
        new = cardtext.keyword_reminders(cardtext.from_article_symbols(entry.new_text, domains))
        printed = cardtext.keyword_reminders(text_raw)
        rewritten = {
            token: reminder
            for token, reminder in new.items()
            if token in old
            and token in printed
            and cardtext.reminder_letters(old[token]) != cardtext.reminder_letters(reminder)
            and cardtext.reminder_letters(printed[token]) == cardtext.reminder_letters(old[token])
        }
        text_raw = cardtext.replace_reminders(text_raw, rewritten)
    return text_raw


def _older(
    printed: Sequence[Candidate], text_raw: str, shown_elsewhere: set[str]
) -> tuple[OlderWording, ...]:
    """Every other wording the sources print, newest first, once each (its newest source and date)."""
    seen = {cardtext.comparable(text_raw)}
    older: list[OlderWording] = []
    for candidate in sorted(printed, key=Candidate.key, reverse=True):
        wording = cardtext.comparable(candidate.text_raw)
        if wording in seen or not candidate.text_raw.strip() or not candidate.date:
            continue  # an undated source's text (an old dump) is no dated wording to show
        seen.add(wording)
        if loose_wording(candidate.text_raw) in shown_elsewhere:
            continue
        printing = candidate.printing
        assert printing is not None
        older.append(
            OlderWording(
                printing_id=printing.id,
                set_id=printing.record.set_id,
                text=cardtext.readable(candidate.text_raw),
                source=candidate.source,
                date=candidate.date,
            )
        )
    return tuple(older)
