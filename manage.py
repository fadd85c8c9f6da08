#!/usr/bin/env python
"""Django's command-line utility for rulesref."""

import os
import sys

# Commands for a local checkout only: they run with DEBUG on unless DJANGO_DEBUG says otherwise
# (settings are read before a command runs, so the command cannot turn it on itself).
LOCAL_COMMANDS = {"quickstart"}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesref.settings")
    if sys.argv[1:2] and sys.argv[1] in LOCAL_COMMANDS:
        os.environ.setdefault("DJANGO_DEBUG", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
