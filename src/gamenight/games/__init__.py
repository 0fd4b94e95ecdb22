"""The games. Every subpackage registers one game when imported (see core.registry)."""
