"""Version names and the one mark of a cited number (`cite`)."""

from __future__ import annotations

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, OLDER_THAN_V13, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.rule_numbers import normalize_version
from cardsdb.rule_versions import (
    BadVersion,
    Citation,
    cite,
    cited_numbers,
    collecting_citations,
    is_newer,
    parse_doc,
    parse_version,
)


@pytest.mark.parametrize(
    ("number", "version", "doc", "mark"),
    [
        ("811.6", None, "core", "811.6"),
        ("811.6", CURRENT_RULES_VERSION, "core", "811.6"),
        ("312.2", V14_RULES_VERSION, "core", "312.2 (v1.4)"),
        ("421", V13_RULES_VERSION, "core", "421 (v1.3)"),
        ("735.1.c", OLDER_THAN_V13, "core", "735.1.c (before v1.3)"),
        ("702.2", "2026-07-16", "tournament", "TR 702.2"),
        ("312.2 (v1.4)", None, "core", "312.2 (v1.4)"),  # a number marked already keeps its mark
        ("53.1", V14_RULES_VERSION, "core", "053.1 (v1.4)"),
    ],
)
def test_cite_marks_every_number_that_is_not_current(
    number: str, version: str | None, doc: str, mark: str
) -> None:
    assert cite(number, version, doc) == mark


def test_citations_are_collected_while_asked_for() -> None:
    with collecting_citations() as found:
        cite("312.2", V14_RULES_VERSION)
        cite("811.6")
    cite("421", V13_RULES_VERSION)  # outside: not collected
    assert found == [Citation("312.2", V14_RULES_VERSION), Citation("811.6", CURRENT_RULES_VERSION)]


def test_a_number_its_version_lacks_says_so() -> None:
    cited = [Citation("323.8.6", V13_RULES_VERSION, found=False), Citation("811.6", CURRENT_RULES_VERSION)]
    assert cited_numbers(cited) == "323.8.6 (v1.3; not in our copy), 811.6"


@pytest.mark.parametrize(
    ("typed", "name"),
    [("v1.4", V14_RULES_VERSION), ("1.4", V14_RULES_VERSION), ("V 1.3", V13_RULES_VERSION), ("current", CURRENT_RULES_VERSION),
     ("2026-10-09", CURRENT_RULES_VERSION), ("2026-03-30", V13_RULES_VERSION), ("v2", None), ("", None)],
)  # fmt: skip
def test_versions_as_people_write_them(typed: str, name: str | None) -> None:
    assert normalize_version(typed) == name


def test_parse_version_and_doc_name_what_exists() -> None:
    assert parse_version(None) is None and parse_version("1.4") == V14_RULES_VERSION
    assert parse_version("2026-07-16") == V14_RULES_VERSION  # v1.4's date, in the Core Rules
    assert parse_version("2026-07-16", "tournament") == "2026-07-16"
    assert parse_doc(None) == "core" and parse_doc("TR") == "tournament"
    with pytest.raises(BadVersion, match=r"^unknown Core Rules version 'v2': use 2026-10-09, v1.4, v1.3$"):
        parse_version("v2")
    with pytest.raises(BadVersion, match=r"^unknown Tournament Rules version 'v1.4': use 2026-07-16$"):
        parse_version("v1.4", "tournament")
    with pytest.raises(BadVersion, match="use core or tournament"):
        parse_doc("casual")
    assert is_newer(CURRENT_RULES_VERSION, V14_RULES_VERSION) and not is_newer(
        V13_RULES_VERSION, V14_RULES_VERSION
    )
