"""`python -m bot`: ask answers as the bot would (text or the contract's JSON); bad input exits 2 with one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli import AskError, command_tree_json, main, parse_command_line
from tests.support.paths import FIXTURE_DATA


@pytest.fixture(scope="module")
def command_tree() -> Any:
    import asyncio

    from bot.database import DatabaseHandle
    from bot.factory import create_bot
    from bot.harness import Harness
    from bot.settings import Settings

    async def build() -> Any:
        harness = await Harness.start(create_bot(Settings(), DatabaseHandle(None), sharded=False))
        return harness.tree

    assert asyncio.run(command_tree_json())
    return asyncio.run(build())


def test_a_value_runs_up_to_the_next_option_name(command_tree: Any) -> None:
    path, options = parse_command_line(
        command_tree, "/hidden hide card:Hidden Blade your_turn:False from:champion zone"
    )
    assert path == "hidden hide"
    assert options == {"card": "Hidden Blade", "your_turn": False, "from": "champion_zone"}
    path, options = parse_command_line(
        command_tree, "/hidden scenario text:{ask: {hide: Hidden Blade}, turn: 2}"
    )
    assert options == {"text": "{ask: {hide: Hidden Blade}, turn: 2}"}
    assert parse_command_line(command_tree, "/card Hidden Blade") == ("card", {"name": "Hidden Blade"})
    assert (
        parse_command_line(command_tree, "/hidden play card:Hidden Blade hidden_this_turn:yes")[1][
            "hidden_this_turn"
        ]
        is True
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/nope", "unknown command /nope"),
        ("/hidden", "needs a subcommand"),
        ("/hidden hide colour:red", "has no option 'colour'"),
        ("/hidden hide card:Hidden Blade your_turn:maybe", "your_turn: 'maybe' is not True or False"),
        ("/hidden hide card:Hidden Blade from:deck", "is not one of hand, champion zone, elsewhere"),
        ("/card", "needs name:..."),
        ("/help please", "takes no options"),
        ("/hiden hide card:Hidden Blade", r"unknown command /hiden \(did you mean /hidden\?\)"),
        ("/hidden hid card:Hidden Blade", r"needs a subcommand: .* \(did you mean /hidden hide\?\)"),
        (
            "/hidden hide yourturn:False card:Hidden Blade",
            r"no option 'yourturn' \(did you mean your_turn\?\)",
        ),
        # after a value: without the check, the card would be "Hidden Blade yourturn:False"
        (
            "/hidden hide card:Hidden Blade yourturn:False",
            r"no option 'yourturn' \(did you mean your_turn\?\)",
        ),
        ("/hidden play card:Hidden Blade hiddenthisturn:True", r"did you mean hidden_this_turn\?"),
    ],
)
def test_bad_lines_say_what_is_wrong(command_tree: Any, line: str, message: str) -> None:
    with pytest.raises(AskError, match=message):
        parse_command_line(command_tree, line)


def test_ask_without_a_database_exits_2_saying_how_to_build_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["ask", "/card name:Hidden Blade"], env={"RIFTBOUND_DB": str(tmp_path / "missing.sqlite3")})
    err = capsys.readouterr().err
    assert status == 2
    assert (
        err.count("\n") == 1
        and f"`python -m cardsdb recover --db {tmp_path / 'missing.sqlite3'}`" in err
        and "cardsdb sync" not in err
    )


def test_ask_a_corrupt_database_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database" * 100)
    status = main(["ask", "/card name:Hidden Blade", "--json"], env={"RIFTBOUND_DB": str(broken)})
    assert status == 2
    assert "error" in json.loads(capsys.readouterr().out)


def test_ask_json_has_the_contracts_shape(fixture_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["ask", "/hidden play card:Hidden Blade hidden_this_turn:True", "--json"],
        env={"RIFTBOUND_DB": str(fixture_db)},
    )
    reply = json.loads(capsys.readouterr().out)
    assert status == 0
    assert {"content", "embeds", "ephemeral", "components"} <= set(reply)
    assert reply["embeds"][0]["title"].startswith("No")
    assert reply["ephemeral"] is False
    labels = [b["label"] for row in reply["components"] for b in row["components"] if b.get("label")]
    assert labels[:2] == ["Details", "Show the cited rules"]


def test_ask_presses_details_for_the_whole_answer_and_its_scenario_code(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = "/hidden play card:Hidden Blade hidden_this_turn:True"
    env = {"RIFTBOUND_DB": str(fixture_db)}
    assert main(["ask", line, "--press", "details", "--json"], env=env) == 0
    shown = json.loads(capsys.readouterr().out)
    text = json.dumps(shown["embeds"])
    assert shown["ephemeral"] is True and "rb1." in text  # the position as a scenario code a judge can paste
    assert main(["ask", line, "--press", "Show the cited rules"], env=env) == 0
    assert "## The rules cited" in capsys.readouterr().out


def test_ask_press_of_a_button_not_there_names_those_there(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {"RIFTBOUND_DB": str(fixture_db)}
    assert main(["ask", "/hidden play card:Hidden Blade", "--press", "Nope"], env=env) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no button 'Nope' under that answer") and '"Details"' in err
    assert main(["ask", "is [[tideturner]] good?", "--press", "Details"], env=env) == 2
    assert "needs a slash command" in capsys.readouterr().err


def test_ask_says_plainly_that_it_keeps_no_settings(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {"RIFTBOUND_DB": str(fixture_db)}
    assert main(["ask", "/settings set public_by_default:false", "--json"], env=env) == 0
    saved = json.loads(capsys.readouterr().out)
    assert saved["content"].startswith("Not kept: python -m bot ask") and "`" not in saved["content"]
    assert main(["ask", "/settings show", "--json"], env=env) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["content"] is None and "public by default" in json.dumps(
        shown["embeds"]
    )  # the default again


@pytest.mark.real_data
def test_ask_card_with_image_shows_the_full_card_image(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = "/card name:Hidden Blade image:True"
    assert main(["ask", line], env={"RIFTBOUND_DB": str(real_db)}) == 0
    text = capsys.readouterr().out
    assert "[Image] https://" in text and "[Legality]" in text
    assert main(["ask", line, "--json"], env={"RIFTBOUND_DB": str(real_db)}) == 0
    (embed,) = json.loads(capsys.readouterr().out)["embeds"]
    assert embed["image"]["url"].startswith("https://") and "thumbnail" not in embed
    assert main(["ask", "/card name:Hidden Blade", "--json"], env={"RIFTBOUND_DB": str(real_db)}) == 0
    (embed,) = json.loads(capsys.readouterr().out)["embeds"]
    assert "image" not in embed and embed["thumbnail"]["url"] == embed_url(real_db)


def embed_url(db: Path) -> str:
    from cardsdb.query import CardsDB

    with CardsDB.open(db) as cards:
        card = cards.get_card("Hidden Blade")
    assert card is not None and card.printings[0].image_url
    return card.printings[0].image_url


def test_ask_a_message_with_card_references(fixture_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["ask", "is [[tideturner]] good?", "--json"], env={"RIFTBOUND_DB": str(fixture_db)})
    reply = json.loads(capsys.readouterr().out)
    assert status == 0 and reply["embeds"][0]["title"] == "Tideturner"


def test_ask_an_unknown_card_prints_the_private_answer_and_exits_2(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["ask", "/card name:Qqqzzz Xxyy"], env={"RIFTBOUND_DB": str(fixture_db)})
    out = capsys.readouterr().out
    assert status == 2
    assert out.startswith("(only you can see this)") and "Unknown card" in out


def test_ask_bad_input_exits_2_with_one_line(fixture_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "hello there"], env={"RIFTBOUND_DB": str(fixture_db)}) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: LINE must be") and err.count("\n") == 1


def test_running_without_a_token_exits_2_saying_how_to_set_it(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "RIFTBOUND_DB": str(tmp_path / "none.sqlite3")}
    done = subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 2
    assert done.stderr.startswith("error: DISCORD_TOKEN is not set") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_starting_without_a_database_or_a_way_to_build_it_exits_2(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "DISCORD_TOKEN": "not-a-real-token",
        "RIFTBOUND_DB": str(tmp_path / "db" / "none.sqlite3"),
        "RIFTBOUND_DATA": str(tmp_path / "no-such-folder"),
        "RIFTCODEX_URL": "http://127.0.0.1:9",  # never the network, though it is not asked: a folder is named
    }
    done = subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert " ERROR bot: no usable card database" in last and "127.0.0.1:9" not in last
    # how to rebuild it, with the admin's own paths
    assert f"rebuild it with `python -m cardsdb build --source {tmp_path / 'no-such-folder'} --db " in last
    assert "Traceback" not in done.stderr and "not-a-real-token" not in done.stderr + done.stdout


def test_starting_builds_the_database_from_riftbound_data(tmp_path: Path) -> None:
    from bot.run import ensure_database
    from bot.settings import Settings

    fixture_data = FIXTURE_DATA
    settings = Settings(db_path=tmp_path / "data" / "riftbound.sqlite3", data_dir=fixture_data)
    handle = ensure_database(settings)
    assert settings.db_path.is_file()
    assert handle.get().get_card("Hidden Blade") is not None


def test_the_installed_entry_points_build_the_database_and_answer_in_a_separate_process(
    tmp_path: Path,
) -> None:
    """`python -m cardsdb build` then `python -m bot ask`, as the README runs them, in this environment's own
    interpreter and nothing else on the path: a dependency missing from pyproject.toml fails here (and in .ci/run,
    which runs the same two commands in a fresh environment holding only the runtime dependencies)."""
    fixture_data = FIXTURE_DATA
    db = tmp_path / "riftbound.sqlite3"
    env = {"PATH": "/usr/bin:/bin", "RIFTBOUND_DB": str(db)}
    built = subprocess.run(
        [sys.executable, "-m", "cardsdb", "build", "--source", str(fixture_data)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    asked = subprocess.run(
        [sys.executable, "-m", "bot", "ask", "/card name:hidden blade"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.startswith("## Hidden Blade") and "Traceback" not in asked.stderr
