"""The command lines of `python -m cardsdb` (`main`: the parser and one handler per command): build and sync, the
look-ups (card, keyword, rulings, search), the rules (rule, changes), the engine (check) and the table of every
Hidden card's profile (`python -m cardsdb.cli.profile_table`); `pipes` ends a command quietly when its reader closes
the pipe. The bot's own command line (`python -m bot`) shares `pipes`."""
