import sys

from fincoach_tui.cli import main

sys.exit(main())
