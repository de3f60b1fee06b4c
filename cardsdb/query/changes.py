"""What changed between two versions of a rules document, everywhere or under a rule number, with the statements
of the patch notes tied to the rules they explain (stored once by the build: `rule_changes`, `patch_notes`)."""

from __future__ import annotations

from cardsdb import rule_numbers
from cardsdb.errors import BadInput, NotFound
from cardsdb.models import CURRENT_RULES_VERSION, ChangeList, PatchNote, RuleChange
from cardsdb.query.base import Reader
from cardsdb.query.rule_rows import RuleRows, patch_note
from cardsdb.rule_versions import BadVersion, is_newer, parse_doc, parse_version


class Changes:
    """What changed between two rules versions."""

    def __init__(self, reader: Reader, rule_rows: RuleRows) -> None:
        self._reader = reader
        self._rule_rows = rule_rows

    def changes(
        self, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
    ) -> ChangeList:
        """What changed between two versions (older first), under a rule number or everywhere.

        Raises BadVersion for an unknown version or an order that is not older -> newer, BadInput for an `under`
        that is not a rule number, NotFound when the data holds either version only in name."""
        doc = parse_doc(doc)
        old = parse_version(from_version, doc) or ""
        new = parse_version(to_version, doc) or ""
        if not old or not new:
            raise BadVersion("give both versions: from and to")
        if old == new:
            raise BadVersion(f"from and to are both {old}: give two versions")
        if not is_newer(new, old, doc):
            raise BadVersion(f"{old} is newer than {new}: from is the older version (from {new} to {old})")
        root = None
        if under is not None and under.strip():
            ref = rule_numbers.parse_rule_ref(under)
            if ref is None or ref.version is not None:
                raise BadInput(f"under: {under.strip()[:40]!r} is not a rule number (like 811 or 811.1.d)")
            root = ref.number
        for version in (old, new):
            if not self._rule_rows.holds(version):
                raise NotFound(
                    f"the database holds no Core Rules {version}; build it from a data folder that has them"
                )
        clause, params = "", []
        if root:
            clause = f" AND ({rule_numbers.subtree_sql('number')} OR {rule_numbers.subtree_sql('moved_to')})"
            params = [*rule_numbers.subtree_params(root), *rule_numbers.subtree_params(root)]
        rows = self._reader.rows(
            "SELECT * FROM rule_changes WHERE doc = ? AND from_version = ? AND to_version = ?"
            f"{clause} ORDER BY sort_key, number, id",
            [doc, old, new, *params],
        )
        notes = self._notes_between(old, new)
        changes = tuple(
            RuleChange(
                number=str(r["number"]),
                change=r["change"],
                old=r["old"],
                new=r["new"],
                moved_to=r["moved_to"],
                from_version=old,
                to_version=new,
                title=r["title"],
                wording="summary" if r["wording"] == "summary" else "official",
                doc=doc,
                patch_notes=tuple(notes.get(str(r["moved_to"] or r["number"]), ()))
                if r["change"] != "removed"
                else (),
            )
            for r in rows
        )
        unplaced = tuple(notes.get("", ())) if root is None else ()
        under_version = None
        if root is not None:
            under_version = next(
                (v for v in (new, old) if self._rule_rows.row(root, v, doc) is not None), new
            )
        return ChangeList(old, new, changes, root, doc, new == CURRENT_RULES_VERSION, unplaced, under_version)

    def _notes_between(self, old: str, new: str) -> dict[str, list[PatchNote]]:
        """The patch notes between two versions by the rule they explain ("" for those tied to none)."""
        if not self._reader.has("patch_notes"):
            return {}
        found: dict[str, list[PatchNote]] = {}
        for row in self._reader.rows(
            "SELECT * FROM patch_notes WHERE from_version = ? AND to_version = ? ORDER BY id", [old, new]
        ):
            found.setdefault(str(row["number"] or ""), []).append(patch_note(row))
        return found
