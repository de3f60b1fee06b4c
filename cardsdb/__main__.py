import sys

from cardsdb.cli import main
from cardsdb.pipes import exit_quietly_on_closed_pipe

sys.exit(exit_quietly_on_closed_pipe(main))
