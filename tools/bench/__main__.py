"""`python -m tools.bench [--json] [--quick] [--db PATH] [--source DIR] [--iterations N] [--no-growth]`."""

import sys

from tools.bench.cli import main

sys.exit(main())
