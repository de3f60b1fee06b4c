"""Per-server settings: /settings show, set, emoji and reset for managers (`cog`), and what a server's settings change
in every answer, read through the store at each interaction (`apply`). What the settings are and their checks live
with the store (`bot/store/guild_settings.py`)."""
