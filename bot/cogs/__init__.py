"""The commands: thin cogs that parse options, call `bot.answers`, and send through `bot.errors.send`."""
