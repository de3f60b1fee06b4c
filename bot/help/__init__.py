"""/help: what the bot does and how to ask it."""
