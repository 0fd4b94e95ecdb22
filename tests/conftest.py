"""The tests' root: pytest puts this folder on ``sys.path``, so every test can import the
helpers kept here (``ctrl_c``)."""
