"""Every test that waits waits on an event or a generous bound, never a tight clock (issue 33, finding 12: a loopback
server missed a 0.5 s timeout once on a loaded CI machine). A `timeout=` or an `asyncio.wait_for` bound under
`GENEROUS_S` in tests/ fails here, unless its line says why it is tight on purpose (`# tight on purpose: ...`, a test
of the timeout itself, against something that waits far longer)."""

from __future__ import annotations

import ast

from tests.support.paths import ROOT

GENEROUS_S = 30.0
MARK = "# tight on purpose:"


def _number(node: ast.AST) -> float | None:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    return None


def tight_waits() -> list[str]:
    found: list[str] = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.Call):
                continue
            bounds = [k.value for k in node.keywords if k.arg == "timeout"]
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "wait_for" and len(node.args) > 1:
                bounds.append(node.args[1])
            for bound in bounds:
                seconds = _number(bound)
                if seconds is not None and seconds < GENEROUS_S and MARK not in lines[node.lineno - 1]:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} waits at most {seconds:g} s")
    return found


def test_no_test_waits_on_a_tight_clock() -> None:
    assert tight_waits() == []
