"""`python -m tools.asked guard [--remove]` | `python -m tools.asked write [FILE]`."""

import sys

from tools.asked.cli import main

sys.exit(main())
