"""The playtest lab: ``gamenight playtest``."""
