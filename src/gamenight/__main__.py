"""`python -m gamenight ...` runs the same command line as the `gamenight` script."""

from gamenight.cli import main

main()
