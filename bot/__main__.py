import sys

from bot.cli import main
from cardsdb.cli.pipes import exit_quietly_on_closed_pipe

sys.exit(exit_quietly_on_closed_pipe(main))
