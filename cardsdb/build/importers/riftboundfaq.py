"""Community rulings of riftboundfaq.com (`community/riftboundfaq/`, MDX pages, CC BY-SA 4.0) as question-and-answer
entries in player text.

The site (a Fumadocs app, `content/` in github.com/ChristianIvicevic/riftboundfaq) writes one page per card, mechanic
or rules topic:
- YAML front matter: `title`, `createdAt`, `reviewedCoreRulesVersion` (the Core Rules the page cites), `authors`;
- `## Question? [#anchor]`: one ruling each; a `### Question? [#anchor]` under it is a ruling of its own, any other
  `### Heading` is a part of the answer (a "Resolution Sequence");
- components: `<Rule number="811.1.d" />` (a citation), `<Card name="Stupefy" />`, keywords (`<Deathknell />`,
  `<Assault value={2} />`), costs (`<Energy value={2} /><Order />`), and `<Callout type="idea" title="Example">`
  blocks; markdown links to other pages.
Folders named `(group)` are not part of a page's address; a folder's `meta.json` gives its title. A page is at
`https://www.riftboundfaq.com/<folder>/<page>`, a ruling at `...#<anchor>`.

Everything is reduced to text a player reads: components become words, citations "(v1.4 rule 811.1.d)", links
absolute. An entry that would still hold markup after that is left out with a warning, never shown raw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardsdb.build.importers.ruling_entries import (
    RulingEntry,
    cost_phrase,
    rules_version_named,
    version_label,
)
from cardsdb.errors import BuildError
from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.text.domains import DOMAINS

SITE = "riftboundfaq.com"
SITE_URL = "https://www.riftboundfaq.com"
CREDIT = "Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0"
VERSION_KEYS = ("reviewedCoreRulesVersion", "crdVersion")
CONTENT_DIR = "content"

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_HEADING = re.compile(r"^(#{2,3})\s+(.+?)(?:\s*\[#([\w-]+)\])?\s*$")
_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.DOTALL)
_ESM = re.compile(r"^(?:import|export)\s.*$", re.MULTILINE)
_CALLOUT = re.compile(r"<Callout\b([^>]*)>(.*?)</Callout>", re.DOTALL)
_ATTRIBUTE = re.compile(r'(?<!\w)(\w+)=(?:"([^"]*)"|\{([^{}]*)\})')
_COMPONENT = r"<([A-Z][A-Za-z]*)((?:\s+\w+=(?:\"[^\"]*\"|\{[^{}]*\}))*)\s*/>"
_SELF_CLOSING = re.compile(_COMPONENT)
_RULE_RUN = re.compile(r"([.,;:]?)(?<!\s)((?:\s*<Rule\s+number=\"[^\"]*\"\s*/>)+)")
_RULE_NUMBER = re.compile(r'number="([^"]*)"')
_COST_PART = r"<(?:Energy\s+value=\{\d+\}|" + "|".join(DOMAINS) + r"|Universal)\s*/>"
_COST_RUN = re.compile(rf"(?:{_COST_PART})+")
_PAIRED = re.compile(r"<([A-Z][A-Za-z]*)\b[^<>]*>(.*?)</\1>", re.DOTALL)
_LINK = re.compile(r"\[([^\[\]]+)\]\((/[^()\s]*)\)")
_LIST_ITEM = re.compile(r"^(?:\d+\.|[-*])\s")
_LEFTOVER = re.compile(r"</?[A-Za-z][^>]*>|\{[^{}]*\}")
_CALLOUT_TITLES = {
    "idea": "Example",
    "info": "Note",
    "warn": "Caution",
    "warning": "Caution",
    "error": "Caution",
}
# Component names whose words differ from the name (the others read as their name: <Deathknell /> -> "Deathknell").
_WORDS = {"QuickDraw": "Quick-Draw"}


@dataclass(frozen=True)
class Page:
    path: str  # "cards/temporal-breach", as in the page's address
    section: str  # the folder's title: "Cards"
    title: str
    date: str | None
    rules_version: str
    authors: tuple[str, ...]
    body: str


@dataclass
class Site:
    entries: list[RulingEntry] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    pages: int = 0


def _attributes(text: str) -> dict[str, str]:
    return {
        m.group(1): m.group(2) if m.group(2) is not None else m.group(3).strip()
        for m in _ATTRIBUTE.finditer(text)
    }


def _citation(numbers: list[str], version: str) -> str:
    """ "(v1.4 rule 406.5)"; a number of the current rules (a page reviewed against v1.5) is unmarked: "(rule 407.5)"."""
    label = "" if version == CURRENT_RULES_VERSION else f"{version_label(version)} "
    return f"({label}rule {numbers[0]})" if len(numbers) == 1 else f"({label}rules {', '.join(numbers)})"


def _component_words(name: str, attributes: Mapping[str, str]) -> str:
    if name == "Card":
        return attributes.get("name", "")
    words = _WORDS.get(name, name)
    value = attributes.get("value")
    return f"{words} {value}" if value else words


def _cost_words(run: str) -> str:
    energy = None
    powers: list[str | None] = []
    for match in _SELF_CLOSING.finditer(run):
        name, attributes = match.group(1), _attributes(match.group(2))
        if name == "Energy":
            energy = (energy or 0) + int(attributes.get("value", "0"))
        else:
            powers.append(name if name in DOMAINS else None)
    return cost_phrase(energy, powers)


def _callout(match: re.Match[str]) -> str:
    attributes = _attributes(match.group(1))
    title = attributes.get("title") or _CALLOUT_TITLES.get(attributes.get("type", ""), "Note")
    inner = "\n".join(line.strip() for line in match.group(2).strip("\n").split("\n"))
    return f"\n\n**{title}:** {inner.strip()}\n\n"


def _soft_wraps(text: str) -> str:
    """One sentence per line is MDX's soft wrap: lines of a paragraph joined, list items and headings kept apart."""
    out: list[str] = []
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            if out and out[-1]:
                out.append("")
            continue
        if (
            out
            and out[-1]
            and not _LIST_ITEM.match(line)
            and not line.startswith("**")
            and not out[-1].endswith("**")
        ):
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


def mdx_text(mdx: str, *, version: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """(player text, rule numbers cited, card names given as cards) of an MDX fragment."""
    rules: list[str] = []
    text = _CALLOUT.sub(_callout, mdx)

    def rule_run(match: re.Match[str]) -> str:
        numbers = _RULE_NUMBER.findall(match.group(2))
        rules.extend(numbers)
        return f" {_citation(list(dict.fromkeys(numbers)), version)}{match.group(1)}"

    text = _RULE_RUN.sub(rule_run, text)
    cards = [
        _attributes(m.group(2)).get("name", "") for m in _SELF_CLOSING.finditer(text) if m.group(1) == "Card"
    ]
    text = _COST_RUN.sub(lambda m: _cost_words(m.group(0)), text)
    text = _SELF_CLOSING.sub(lambda m: _component_words(m.group(1), _attributes(m.group(2))), text)
    while _PAIRED.search(text):
        text = _PAIRED.sub(lambda m: m.group(2), text)
    text = _LINK.sub(lambda m: f"[{m.group(1)}]({SITE_URL}{m.group(2)})", text)
    return _soft_wraps(text), tuple(dict.fromkeys(rules)), tuple(c for c in dict.fromkeys(cards) if c)


def _split(body: str) -> list[tuple[str, str | None, str]]:
    """(question, anchor, MDX body) for each `## ` heading and each `### ` heading that asks a question."""
    found: list[tuple[str, str | None, list[str]]] = []
    for line in body.split("\n"):
        heading = _HEADING.match(line)
        if heading and (len(heading.group(1)) == 2 or heading.group(2).rstrip().endswith("?")):
            found.append((heading.group(2).strip(), heading.group(3), []))
        elif heading:
            if found:
                found[-1][2].extend(["", f"**{heading.group(2).strip()}**", ""])
        elif found:
            found[-1][2].append(line)
    return [(q, anchor, "\n".join(lines)) for q, anchor, lines in found]


def _page(path: Path, address: str, section: str, warn: Callable[[str], None]) -> Page | None:
    name = f"{address}.mdx"
    try:
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError:
        warn(f"riftboundfaq {name}: not UTF-8 text; left out")
        return None
    front = _FRONT_MATTER.match(text)
    if front is None:
        warn(f"riftboundfaq {name}: no front matter (--- title ... ---); left out")
        return None
    try:
        meta = yaml.safe_load(front.group(1))
    except yaml.YAMLError:
        warn(f"riftboundfaq {name}: its front matter is not valid YAML; left out")
        return None
    if not isinstance(meta, dict) or not isinstance(meta.get("title"), str) or not meta["title"].strip():
        warn(f"riftboundfaq {name}: no title in its front matter; left out")
        return None
    # Pages name the rules they were checked against as `reviewedCoreRulesVersion`, older ones as `crdVersion`.
    reviewed = next((meta[k] for k in VERSION_KEYS if meta.get(k) is not None), None)
    if not isinstance(reviewed, (str, int, float)) or not str(reviewed).strip():
        warn(
            f"riftboundfaq {name}: no {' or '.join(VERSION_KEYS)}, so its rule numbers have no version; left out"
        )
        return None
    created = meta.get("createdAt")
    authors = _authors(meta.get("authors"))
    body = _ESM.sub("", _COMMENT.sub("", text[front.end() :]))
    return Page(
        path=address,
        section=section,
        title=meta["title"].strip(),
        date=str(created)[:10] if created else None,
        rules_version=rules_version_named(str(reviewed)),
        authors=tuple(authors),
        body=body,
    )


def _authors(listed: object) -> list[str]:
    """An author is a name, or (newer pages) `{name, url}`: the name either way."""
    if not isinstance(listed, list):
        return []
    names = [a.get("name") if isinstance(a, dict) else a for a in listed]
    return [str(n).strip() for n in names if isinstance(n, (str, int, float)) and str(n).strip()]


def _folder_title(folder: Path) -> str:
    try:
        meta: Any = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = None
    title = meta.get("title") if isinstance(meta, dict) else None
    return title if isinstance(title, str) and title.strip() else folder.name.replace("-", " ").capitalize()


def _address(relative: Path) -> str:
    """`(rulings)/cards/flash.mdx` -> `cards/flash`: route groups in parentheses are not part of the address."""
    parts = [p for p in relative.with_suffix("").parts if not (p.startswith("(") and p.endswith(")"))]
    return "/".join(parts)


def page_entries(page: Page, warn: Callable[[str], None]) -> list[RulingEntry]:
    entries: list[RulingEntry] = []
    credit = CREDIT + (f", by {', '.join(page.authors)}" if page.authors else "")
    is_card_page = page.path.startswith("cards/")
    for n, (question, anchor, mdx) in enumerate(_split(page.body), start=1):
        answer, rules, named = mdx_text(mdx, version=page.rules_version)
        question_text, _, question_cards = mdx_text(question, version=page.rules_version)
        leftover = _LEFTOVER.search(f"{question_text}\n{answer}")
        if leftover is not None:
            warn(
                f"riftboundfaq {page.path}: a ruling still holds markup after conversion ({leftover.group(0)[:40]}); left out"
            )
            continue
        if not answer:
            warn(f"riftboundfaq {page.path}: the question {question_text[:60]!r} has no answer; left out")
            continue
        cards = ((page.title,) if is_card_page else ()) + question_cards + named
        entries.append(
            RulingEntry(
                id=f"riftboundfaq/{page.path}#{anchor or n}",
                question=question_text,
                answer=answer,
                source="community",
                source_id=f"riftboundfaq/{page.path}",
                source_title=f"Riftbound FAQ, {page.section}: {page.title}",
                collection=SITE,
                date=page.date,
                url=f"{SITE_URL}/{page.path}" + (f"#{anchor}" if anchor else ""),
                rules=rules,
                rules_version=page.rules_version,
                cards=tuple(dict.fromkeys(cards)),
                credit=credit,
            )
        )
    return entries


def parse_site(folder: Path) -> Site:
    """Every ruling of the site's `content/` folder. Raises BuildError when the folder holds no ruling at all."""
    content = folder / CONTENT_DIR
    if not content.is_dir():
        raise BuildError(
            f"{folder.name}: no {CONTENT_DIR}/ folder of MDX pages; the site's layout may have changed"
        )
    site = Site()
    for path in sorted(content.rglob("*.mdx")):
        relative = path.relative_to(content)
        if path.stem == "index":  # a folder's landing page ("About this site"), not rulings
            continue
        address = _address(relative)
        page = _page(path, address, _folder_title(path.parent), site.warnings.append)
        if page is None:
            continue
        site.pages += 1
        site.entries.extend(page_entries(page, site.warnings.append))
    if not site.entries:
        raise BuildError(
            f"{folder.name}: no rulings found in {CONTENT_DIR}/ (expected MDX pages with '## Question? [#anchor]' headings)"
        )
    return site
