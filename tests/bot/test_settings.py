"""Settings come from the environment in `main`; the token never shows in a repr or a log line."""

from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError
from bot.ui.symbols import Symbols, parse_emoji_setting


def test_token_is_hidden_in_repr() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "abc.def.ghi-secret"})
    assert "secret" not in repr(settings)
    assert "secret" not in str(settings)
    assert settings.token is not None and settings.token.reveal() == "abc.def.ghi-secret"


def test_missing_token_says_how_to_set_it() -> None:
    with pytest.raises(SettingsError, match="DISCORD_TOKEN"):
        Settings.from_env({})
    assert Settings.from_env({}, need_token=False).token is None


def test_shards_split_over_processes() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "2, 3"})
    assert settings.shard_count == 4 and settings.shard_ids == (2, 3)
    with pytest.raises(SettingsError, match="SHARD_COUNT"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_IDS": "0"})
    with pytest.raises(SettingsError, match="between 0"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "2"})
    with pytest.raises(SettingsError, match="whole number"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "many"})


def test_custom_emoji_replace_symbol_tokens() -> None:
    emoji = parse_emoji_setting("rb_energy_2=<:e2:123456789>, rb_rune_order=<:order:987654321>")
    symbols = Symbols(emoji)
    assert (
        symbols.render("Pay :rb_energy_2: and :rb_rune_order:.")
        == "Pay <:e2:123456789> and <:order:987654321>."
    )
    assert (
        Symbols().render(":rb_energy_2: :rb_rune_rainbow: :rb_might:")
        == "2 energy 1 power of any domain Might"
    )
    with pytest.raises(ValueError, match="RIFTBOUND_EMOJI"):
        parse_emoji_setting("rb_might=might")
    with pytest.raises(SettingsError):
        Settings.from_env({"DISCORD_TOKEN": "t", "RIFTBOUND_EMOJI": "nonsense"})
