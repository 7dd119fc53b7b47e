"""``python -m jantaku.cli``: the same as the ``jantaku`` command."""

import sys

from jantaku.cli import main

sys.exit(main())
