import sys

from cardsdb.cli import main

sys.exit(main())
