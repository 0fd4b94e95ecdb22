"""``gamenight serve``: online tables over WebSockets, with seat tokens and a durable log.

The server knows no game: it drives every game through the core contract (``Match``, views,
legal actions in text notation, the public log, match records) and the bot factory.
"""
