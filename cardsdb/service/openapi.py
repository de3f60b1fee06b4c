"""The HTTP API described for other programs: an OpenAPI 3.1 document (`GET /openapi.json`), every path, parameter,
request body and answer. Its schemas are JSON Schema 2020-12; the tests validate every answer the API gives against
the document it serves, so the two cannot drift apart."""

from __future__ import annotations

from typing import Any

from cardsdb.engine import ASK_KINDS
from cardsdb.service.limits import MAX_BODY_BYTES, MAX_CODE, MAX_NAME, MAX_PASTE, MAX_QUERY

API_VERSION = "1.0.0"
Schema = dict[str, Any]

QUOTE_AS_GIVEN = (
    "Quote every rule number exactly as the answer marks it, with its version or document: `811.1.b` (the current "
    "Core Rules), `103.2.b (v1.4)`, `TR 702.12` (the Tournament Rules). A number without its mark may be another rule."
)


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _text(nullable: bool = False) -> Schema:
    return {"type": ["string", "null"]} if nullable else {"type": "string"}


def _texts() -> Schema:
    return {"type": "array", "items": {"type": "string"}}


def _list(item: Schema) -> Schema:
    return {"type": "array", "items": item}


def _object(properties: dict[str, Schema], optional: tuple[str, ...] = ()) -> Schema:
    """An object whose properties are all present (but `optional`); more may be added later."""
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
    }


def _card() -> Schema:
    number = {"type": ["integer", "null"]}
    return _object(
        {
            "name": _text(),
            "id": _text(),
            "types": _texts(),
            "supertypes": _texts(),
            "domains": _texts(),
            "energy": number,
            "power": number,
            "might": number,
            "tags": _texts(),
            "keywords": _texts(),
            "rarity": _text(True),
            "text": _text(),
            "text_source": _text(True),
            "text_date": _text(True),
            "printings": _list(
                _object(
                    {"id": _text(), "set_id": _text(), "public_code": _text(), "rarity": _text(True)},
                )
            ),
            "older_wordings": _list(_object({"text": _text(), "source": _text(), "date": _text(True)})),
            "partial": {"type": "boolean"},
            "not_yet_known": _texts(),
            "type_doubt": _text(True),
            "notes": _texts(),
        }
    )


def _card_answer() -> Schema:
    return {
        "allOf": [
            _ref("Card"),
            _object(
                {
                    "match": {"enum": ["exact", "fuzzy"]},
                    "score": {"type": "number"},
                    "alternatives": _texts(),
                    "errata": _list(
                        _object(
                            {
                                "card_name": _text(),
                                "new_text": _text(),
                                "old_text": _text(True),
                                "date": _text(True),
                            }
                        )
                    ),
                    "legality": {"type": "object", "additionalProperties": {"enum": ["legal", "banned"]}},
                    "legality_as_of": _text(True),
                    "data_as_of": _text(True),
                    "lacks": _texts(),
                    "reading": {
                        "type": "object",
                        "description": "What the legality engine reads of the card's text: its keywords, static "
                        "effects, cost changes, choices and each sentence, read or not (`card NAME --reading`).",
                        "properties": {"card": _text()},
                        "required": ["card"],
                    },
                }
            ),
        ]
    }


def _rule() -> Schema:
    return _object(
        {
            "number": _text(),
            "version": _text(),
            "doc": {"enum": ["core", "tournament"]},
            "mark": _text(),
            "kind": {"enum": ["chapter", "heading", "rule"]},
            "title": _text(True),
            "text": _text(),
            "wording": {"enum": ["official", "summary"]},
        }
    )


def _patch_note() -> Schema:
    names = ("source", "section", "statement", "why", "from_version", "to_version")
    return _object({name: _text() for name in names})


def _rule_answer() -> Schema:
    version = _object(
        {
            "version": _text(),
            "text": _text(),
            "title": _text(True),
            "wording": _text(),
            "same_rule": {"type": "boolean"},
        }
    )
    changed = _object(
        {"from_version": _text(), "from_number": _text(), "old": _text(), "new": _text(), "diff": _text()}
    )
    rulings = _list(  # the rulings citing a rule, in brief (`shapes.ruling_brief`)
        _object(
            {
                "id": _text(),
                "question": _text(),
                "kind": {"enum": ["question", "topic"]},
                "source": {"enum": ["official", "community", "seed"]},
                "label": _text(),
                "date": _text(True),
                "url": _text(True),
                "credit": _text(True),
            }
        )
    )
    return {
        "allOf": [
            _ref("Rule"),
            _object(
                {
                    "stamp": _text(),
                    "seed_sentence": _text(True),
                    "source": _text(True),
                    "counterpart": _text(True),
                    "stands_in_for": _text(True),
                    "versions": _list(version),
                    "lineage": _list(
                        _object({"version": _text(), "number": _text(), "mark": _text(), "text": _text()})
                    ),
                    "now": _texts(),
                    "changed": {"oneOf": [{"type": "null"}, changed]},
                    "parents": _list(_ref("Rule")),
                    "children": _list(_ref("Rule")),
                    "moved": _texts(),
                    "notes": _texts(),
                    "patch_notes": _list(_ref("PatchNote")),
                    "rulings": rulings,
                    "confident": {"type": "boolean"},
                    "read_as": {"type": "string"},
                    # where not confident, the closest few (shown alike) each with the rulings citing it
                    "candidates": _list(
                        {"allOf": [_ref("Rule"), _object({"rulings": rulings}, optional=("rulings",))]}
                    ),
                    "also": _list(_ref("Rule")),
                    "ruling": _ref("Ruling"),
                },
                optional=("also", "read_as", "ruling"),
            ),
        ]
    }


def _ruling() -> Schema:
    cited = _object(
        {
            "number": _text(),
            "version": _text(True),
            "mark": _text(),
            "found": {"type": "boolean"},
            "v14_wording": _text(True),
        }
    )
    related = _object({"number": _text(), "version": _text(), "doc": _text(), "mark": _text()})
    superseded = _object({"erratum_date": _text(), "erratum_source": _text(), "card_name": _text()})
    return _object(
        {
            "id": _text(),
            "question": _text(),
            "answer": _text(),
            "source": {"enum": ["official", "community", "seed"]},
            "source_title": _text(),
            "date": _text(True),
            "url": _text(True),
            "rules": _texts(),
            "rules_version": _text(True),
            "cards": _texts(),
            "credit": _text(True),
            "kind": {"enum": ["question", "topic"]},
            "superseded": {"oneOf": [{"type": "null"}, superseded]},
            "cited": _list(cited),
            "related": _list(related),
        }
    )


def _keyword() -> Schema:
    return _object(
        {
            "name": _text(),
            "kind": {"enum": ["keyword", "token"]},
            "match": {"enum": ["exact", "fuzzy"]},
            "reminder": _text(True),
            "rules": _list(_ref("Rule")),
            "cards_with": _texts(),
            "cards_referring": _texts(),
            "rulings": _list(_ref("Ruling")),
        }
    )


def _change() -> Schema:
    return _object(
        {
            "number": _text(),
            "change": {"enum": ["added", "removed", "reworded", "moved"]},
            "old": _text(True),
            "new": _text(True),
            "moved_to": _text(True),
            "mark": _text(),
            "moved_to_mark": _text(True),
            "from_version": _text(),
            "to_version": _text(),
            "title": _text(True),
            "wording": {"enum": ["official", "summary"]},
            "diff": _text(True),
            "patch_notes": _list(_ref("PatchNote")),
        }
    )


def _position_answer() -> Schema:
    because = {"rules": _texts(), "because": _text()}
    target = _object({"target": _text(), **because})
    choice = _object(
        {
            "choice": _text(),
            "restricted_to": _text(True),
            "rules": _texts(),
            "legal": _texts(),
            "excluded": _list(target),
            "unpayable": _list(target),
            "open": _list(target),
            "count": _text(),
            "optional": {"type": "boolean"},
            "for": {"enum": ["spell", "play_effect", "unit_destination"]},
            "ok": {"type": ["boolean", "null"]},
            "because": _text(True),
            "note": _text(),
            "unsettled": _text(),
        },
        optional=("note", "unsettled"),
    )
    return _object(
        {
            "ask": {"enum": list(ASK_KINDS)},
            "card": _text(True),
            "at": _text(True),
            "legal": {"type": ["boolean", "null"]},
            "summary": _text(),
            "checks": _list(
                _object(
                    {"ok": {"type": "boolean"}, "code": _text(), **because, "blocking": {"type": "boolean"}}
                )
            ),
            "choices": _list(choice),
            "effects": _list(_object({"rules": _texts(), "text": _text()})),
            "undecided": _texts(),
            "assumptions": _texts(),
            "copy": _text(True),
            "other_copies": _list(
                _object(
                    {
                        "name": _text(),
                        "at": _text(),
                        "legal": {"type": ["boolean", "null"]},
                        "because": _texts(),
                    }
                )
            ),
            "citations": _texts(),
            "citations_v14": _texts(),
            "citations_v13": _texts(),
            "rules_version": _text(),
        }
    )


def _deck_verdict() -> Schema:
    return _object(
        {
            "legal": {"type": ["boolean", "null"]},
            "format": {"enum": ["constructed", "2v2"]},
            "rules_version": _text(),
            "ban_list_as_of": _text(True),
            "checked_on": _text(),
            "chosen_champion": _text(True),
            "legend": _text(True),
            "assumed": _texts(),
            "sections": {"type": "object", "additionalProperties": {"type": "integer"}},
            "main_deck_size": {"type": "integer"},
            "problems": _list(
                _object({"code": _text(), "rules": _texts(), "text": _text(), "cards": _texts()})
            ),
            "undecided": _list({"type": "object"}),
            "checks": _list(
                _object(
                    {
                        "code": _text(),
                        "ok": {"type": ["boolean", "null"]},
                        "rules": _texts(),
                        "because": _text(),
                    }
                )
            ),
            "notes": _texts(),
            "code": _text(True),
            "cited": _list(_object({"number": _text(), "doc": _text(), "version": _text(True)})),
            "deck": _list(_object({"section": _text(), "card": _text(), "count": {"type": "integer"}})),
        }
    )


def _health() -> Schema:
    dates = {name: _text(True) for name in ("built_at", "cards_as_of", "legality_as_of", "faqs_as_of")}
    return _object(
        {
            "status": {"const": "ok"},
            **dates,
            "rules": _object({name: _text(True) for name in ("current", "v1.4", "v1.3", "tournament")}),
            "content_digest": _text(True),
            "lacks": _texts(),
        }
    )


def schemas() -> dict[str, Schema]:
    return {
        "Error": _object({"error": _text(), "suggestions": _texts()}, optional=("suggestions",)),
        "Health": _health(),
        "Card": _card(),
        "CardAnswer": _card_answer(),
        "Search": _object({"query": _text(), "total": {"type": "integer"}, "cards": _list(_ref("Card"))}),
        "Rule": _rule(),
        "PatchNote": _patch_note(),
        "RuleAnswer": _rule_answer(),
        "Ruling": _ruling(),
        "Rulings": _object(
            {
                "query": _text(),
                "confident": {"type": "boolean"},
                "read_as": {"type": "string"},
                "rulings": _list(_ref("Ruling")),
            },
            optional=("read_as",),
        ),
        "Keyword": _keyword(),
        "Change": _change(),
        "Changes": _list(_ref("Change")),
        "PositionAnswer": _position_answer(),
        "DeckQuestion": {
            "type": "object",
            "properties": {
                "list": {"type": "string", "maxLength": MAX_PASTE},
                "code": {"type": "string", "maxLength": MAX_CODE},
                "format": {"enum": ["constructed", "2v2"]},
            },
            "additionalProperties": False,
        },
        "DeckVerdict": _deck_verdict(),
    }


def _query_param(
    name: str, description: str, *, required: bool = False, example: str | None = None
) -> Schema:
    parameter: Schema = {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": {"type": "string", "maxLength": MAX_QUERY},
    }
    if example is not None:
        parameter["example"] = example
    return parameter


def _path_param(name: str, description: str, example: str, limit: int = MAX_QUERY) -> Schema:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string", "maxLength": limit},
        "example": example,
    }


_ERRORS = {
    "400": "Bad input: one line naming the problem, the same the command line prints",
    "404": "Nothing matches: one line, and `suggestions` where something close exists",
    "413": f"The body is over {MAX_BODY_BYTES:,} bytes",
    "429": "Too many questions from this address: wait the seconds `Retry-After` gives",
    "503": "The database is not available, or too many questions wait: try again shortly",
}


def _answers(schema: str, description: str, errors: tuple[str, ...] = ("400", "429", "503")) -> Schema:
    error = {"content": {"application/json": {"schema": _ref("Error")}}}
    answers: Schema = {
        "200": {"description": description, "content": {"application/json": {"schema": _ref(schema)}}}
    }
    answers.update({code: {"description": _ERRORS[code], **error} for code in errors})
    return answers


def _get(summary: str, parameters: list[Schema], schema: str, description: str, *errors: str) -> Schema:
    return {
        "get": {
            "summary": summary,
            "description": f"{description} {QUOTE_AS_GIVEN}",
            "parameters": parameters,
            "responses": _answers(schema, description, errors or ("400", "429", "503")),
        }
    }


def _post(summary: str, body: Schema, schema: str, description: str) -> Schema:
    return {
        "post": {
            "summary": summary,
            "description": f"{description} {QUOTE_AS_GIVEN}",
            "requestBody": {"required": True, "content": body},
            "responses": _answers(schema, description, ("400", "413", "429", "503")),
        }
    }


_LOOKUP = ("400", "404", "429", "503")
_DOC = _query_param("doc", "core (the default) or tournament", example="core")
_VERSION = _query_param(
    "version", "a Core Rules version: 2026-10-09 (also v1.5, the current rules), v1.4 or v1.3"
)


def _lookup_paths() -> dict[str, Schema]:
    return {
        "/v1/health": _get(
            "What is serving", [], "Health", "The dates of the data and of each rules version.", "503"
        ),
        "/v1/cards/{name}": _get(
            "A card by name",
            [
                _path_param(
                    "name",
                    "a card's name, typos forgiven, or a printing's code (OGN-213/298)",
                    "hiden blade",
                    MAX_NAME,
                )
            ],
            "CardAnswer",
            "The card the name means, as /card finds it, with its legality, errata and printings.",
            *_LOOKUP,
        ),
        "/v1/search": _get(
            "Cards by the search syntax",
            [_query_param("q", "a card search: kw:hidden t:spell d:order e<=2 o:kill", required=True)],
            "Search",
            "The first 100 matching cards and how many match.",
            *_LOOKUP,
        ),
        "/v1/keywords/{name}": _get(
            "A keyword",
            [_path_param("name", "a keyword or a bracketed word of card text", "hidden", MAX_NAME)],
            "Keyword",
            "The keyword with its rules, reminder text, cards and rulings.",
            *_LOOKUP,
        ),
    }


def _rules_paths() -> dict[str, Schema]:
    return {
        "/v1/rules/{number}": _get(
            "One rule by number",
            [
                _path_param("number", "a rule number: 811.1.b, TR 702.12, v1.4 406.5", "811.1.b"),
                _VERSION,
                _DOC,
            ],
            "RuleAnswer",
            "The rule in the newest version that has it (or the one asked), its parents, sub-rules, moves and changes, "
            "and the rulings citing it or its sub-rules (`rulings`; /v1/rulings?q= with the number gives the first ten whole).",
            *_LOOKUP,
        ),
        "/v1/rules": _get(
            "Rules for a question in words",
            [
                _query_param("q", "a question in a player's words, or a rule number", required=True),
                _VERSION,
                _DOC,
            ],
            "RuleAnswer",
            "The rule that best answers the words, the rules weighed (`candidates`, best first) and whether the best "
            "clearly answers (`confident`: when false, say it is not sure); `ruling`, where present, is the FAQ "
            "answer or ruling whose question asks what the words ask: it answers them in its source's words.",
            *_LOOKUP,
        ),
        "/v1/rulings": _get(
            "Rulings",
            [_query_param("q", "words, a card's name or a rule number", required=True)],
            "Rulings",
            "FAQ answers and rulings, each with its source, date, credit and the rules it cites.",
            *_LOOKUP,
        ),
        "/v1/changes": _get(
            "What changed between rules versions",
            [
                _query_param("from", "the older version: v1.3, v1.4", required=True),
                _query_param("to", "the newer version: v1.4, 2026-10-09", required=True),
                _query_param("under", "only under this rule number: 811, 811.1.d"),
            ],
            "Changes",
            "Rules added, removed, reworded and moved, with the patch notes that explain them.",
        ),
    }


def _post_paths() -> dict[str, Schema]:
    scenario = {"type": "string", "maxLength": MAX_PASTE}
    return {
        "/v1/check": _post(
            "The engine's answer to a position",
            {
                "application/yaml": {"schema": scenario},
                "text/plain": {"schema": scenario},
                "application/json": {
                    "schema": {
                        "oneOf": [
                            {"type": "object", "description": "a scenario (docs/scenario-format.md)"},
                            _object({"code": {"type": "string", "maxLength": MAX_PASTE}}),
                        ]
                    }
                },
            },
            "PositionAnswer",
            'A position in the scenario format (YAML or JSON), a scenario code as text, or {"code": "rb1.…"}: '
            "the verdict (`legal`: true, false or null for Depends), every check with its rules, the choices, the "
            "effects. In `citations`, the numbers also listed in `citations_v14` are v1.4's: quote them as "
            "`809.1.c (v1.4)`.",
        ),
        "/v1/deck/check": _post(
            "The deck check",
            {"application/json": {"schema": _ref("DeckQuestion")}},
            "DeckVerdict",
            "Is the deck legal in the format: a verdict, every problem with its rules, the deck as read.",
        ),
        "/openapi.json": {
            "get": {
                "summary": "This document",
                "responses": {
                    "200": {
                        "description": "The OpenAPI 3.1 document",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["openapi", "info", "paths", "components"],
                                }
                            }
                        },
                    }
                },
            }
        },
    }


def document() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the API."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Riftbound rules companion",
            "version": API_VERSION,
            "description": (
                "Cards, every version of the Core Rules and the Tournament Rules, rulings with credit, a question "
                "ranker, the Hidden legality engine and the deck check: the answers of `python -m cardsdb ... --json`. "
                f'Bad input is a 4xx with {{"error": "one line"}}. {QUOTE_AS_GIVEN}'
            ),
        },
        "paths": {**_lookup_paths(), **_rules_paths(), **_post_paths()},
        "components": {"schemas": schemas()},
    }
