"""Every entry of the real FAQs (faqs.json; skips without it), split at questions: no heading taken as a question,
no answer running into the caption of the next question or keeping a heading's markup, quoted rules apart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardsdb.build.importers.faqs import QUESTION, TOPIC, FaqEntry, parse_faqs

pytestmark = pytest.mark.real_data  # every test here reads ../shared


@pytest.fixture(scope="module")
def entries(real_data_dir: Path) -> list[FaqEntry]:
    return parse_faqs(json.loads((real_data_dir / "faqs.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def articles(real_data_dir: Path) -> dict[str, str]:
    data = json.loads((real_data_dir / "faqs.json").read_text(encoding="utf-8"))
    return {str(a["id"]): str(a["content"]) for a in data}


def _entry(entries: list[FaqEntry], question: str) -> FaqEntry:
    return next(e for e in entries if e.question.startswith(question))


def test_the_deathgrip_answer_ends_with_its_revised_text(entries: list[FaqEntry]) -> None:
    answer = _entry(entries, "Is the first friendly unit on Deathgrip").answer
    assert answer.endswith("Draw 1.") and "Deathgrip (revised text):" in answer
    assert "Edge of Night" not in answer


def test_legion_is_a_topic_not_a_question(entries: list[FaqEntry]) -> None:
    legion = next(e for e in entries if e.question == "Legion")
    assert legion.kind == TOPIC and legion.source == "official"


def test_every_question_is_one_the_faq_asks(entries: list[FaqEntry], articles: dict[str, str]) -> None:
    """A question entry is a `### Q:` heading of its article or a question paragraph of it; every other entry is a
    topic (a section's text under its heading)."""
    for entry in entries:
        content = articles[entry.source_id]
        if entry.kind == QUESTION:
            asked = f"Q: {entry.question}" in " ".join(content.split()) or entry.question.endswith("?")
            assert asked, entry.id
        else:
            assert entry.kind == TOPIC
            assert re.search(rf"(?m)^#{{2,4}}\s+{re.escape(entry.question)}\s*$", content), entry.id


def test_no_answer_keeps_a_caption_markup_or_a_glued_rule(entries: list[FaqEntry]) -> None:
    problems = []
    for entry in entries:
        last = entry.answer.split("\n\n")[-1]
        if len(last) <= 60 and not re.search(r"[.!?:;)\]\"”]$", last):
            problems.append(f"{entry.id}: ends with {last!r}")
        if re.search(r"(?m)^#+ |<img|<[a-z]+[ >]", entry.answer):
            problems.append(f"{entry.id}: markup")
        if re.search(
            r"(?m)[a-z.)]\d{3}(?:\.[0-9a-z]+)*\.[A-Z(]|^\d{3}(?:\.[0-9a-z]+)*\.[A-Z(]", entry.answer
        ):
            problems.append(f"{entry.id}: a rule number glued to text")
    assert problems == []


def _flat(text: str) -> str:
    """A question as compared: markup out, spaces as one, up to its first symbol (`[C]` is read into words)."""
    return " ".join(re.sub(r"<[^>]+>", "", text).split()).split("[", 1)[0][:80]


def test_the_splitting_keeps_every_question_the_articles_ask(
    entries: list[FaqEntry], articles: dict[str, str]
) -> None:
    """Every question an article asks, as its markup asks it (a `Q:` heading; a short paragraph ending in "?" after
    its "Frequently Asked Questions" line), is an entry of its own: none lost, none merged into another's answer."""
    asked = {(e.source_id, _flat(e.question)) for e in entries if e.kind == QUESTION}
    missing = []
    for source_id, content in articles.items():
        lines = content.replace("\r\n", "\n").split("\n")
        questions = [m.group(1) for line in lines if (m := re.match(r"^#{2,4}\s*Q:\s*(.+)$", line))]
        marker = next(
            (i for i, line in enumerate(lines) if line.strip().casefold() == "frequently asked questions"),
            None,
        )
        if marker is not None:
            after = re.split(r"\n\s*\n", "\n".join(lines[marker + 1 :]))
            questions += [p.strip() for p in after if p.strip().endswith("?") and "\n" not in p.strip()]
        missing += [f"{source_id}: {q[:60]}" for q in questions if (source_id, _flat(q)) not in asked]
    assert missing == []


def test_a_topic_is_a_headed_section_with_text_of_its_own(
    entries: list[FaqEntry], articles: dict[str, str]
) -> None:
    """A topic is a heading of its article (never a `Q:` heading) with text under it; the Origins FAQ, whose
    sections hold only its questions, has none."""
    for entry in (e for e in entries if e.kind == TOPIC):
        heading = re.search(rf"(?m)^#{{2,4}}\s+{re.escape(entry.question)}\s*$", articles[entry.source_id])
        assert heading is not None and not entry.question.startswith("Q:"), entry.id
        assert entry.answer.strip(), entry.id
    assert ("riftbound-origins-faq", TOPIC) not in {(e.source_id, e.kind) for e in entries}
