import sys

from rules_ext.cli import main

sys.exit(main())
