"""`python -m sixdot` runs the same client as the `sixdot` command."""

from sixdot.client.cli import main

raise SystemExit(main())
