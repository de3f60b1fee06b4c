"""The OpenAPI document: every route the API answers is in it and nothing else, each schema a valid JSON Schema
2020-12, every `$ref` found, every operation with its answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from cardsdb.query import CardsDB
from cardsdb.service.answers import rule_answer
from cardsdb.service.http_api import ROUTES
from cardsdb.service.openapi import QUOTE_AS_GIVEN, document


def _refs(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("$ref"), str):
            yield value["$ref"]
        for item in value.values():
            yield from _refs(item)
    elif isinstance(value, list):
        for item in value:
            yield from _refs(item)


def test_the_document_lists_exactly_the_routes_the_api_answers() -> None:
    paths = document()["paths"]
    served = {(path, method.lower()) for method, path, _ in ROUTES}
    described = {(path, method) for path, operations in paths.items() for method in operations}
    assert described == served


def test_every_schema_is_valid_json_schema_and_every_ref_resolves() -> None:
    doc = document()
    for schema in doc["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)
    resolver = (
        Registry().with_resource("urn:doc", Resource.from_contents(doc, DRAFT202012)).resolver("urn:doc")
    )
    refs = set(_refs(doc))
    assert refs and all(ref.startswith("#/components/schemas/") for ref in refs)
    for ref in refs:
        assert resolver.lookup(ref).contents, ref


def test_every_operation_answers_json_and_says_how_to_quote_rules() -> None:
    doc = document()
    assert doc["openapi"] == "3.1.0" and QUOTE_AS_GIVEN in doc["info"]["description"]
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            assert "200" in operation["responses"], (path, method)
            for status, answer in operation["responses"].items():
                assert "application/json" in answer["content"], (path, method, status)
            if path.startswith("/v1/") and path != "/v1/health":
                assert QUOTE_AS_GIVEN in operation["description"]
                assert {"429", "503"} <= set(operation["responses"]), (path, method)
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path":
                    assert parameter["required"] and "{" + parameter["name"] + "}" in path


def test_a_rules_answer_is_what_its_schema_says(query_cards: CardsDB) -> None:
    # the answer for a number carries the rulings citing the rule, each in brief; for words, the same view
    doc = document()
    registry = Registry().with_resource("urn:doc", Resource.from_contents(doc, DRAFT202012))
    schema = {"$ref": "urn:doc#/components/schemas/RuleAnswer"}
    validator = Draft202012Validator(schema, registry=registry)
    by_number = rule_answer(query_cards, "811.6").to_json()
    assert [r["id"] for r in by_number["rulings"]] == ["seed-when-play"]
    assert (
        by_number["rulings"][0]["label"]
        and by_number["rulings"][0]["question"] == "When can I play a card I hid?"
    )
    # words no rule clearly answers: the closest few each carry the rulings citing them
    unsure = rule_answer(query_cards, "hidden card").to_json()
    assert unsure["confident"] is False and "rulings" in unsure["candidates"][0]
    for answer in (by_number, rule_answer(query_cards, "when can i play a card i hid").to_json(), unsure):
        assert list(validator.iter_errors(answer)) == []
