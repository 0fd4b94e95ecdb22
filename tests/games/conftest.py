"""The games' tests. Helpers shared by every game's folder sit beside this file (pytest puts
this directory on the import path for the tests below it): ``replay_digests``."""
