"""``blocknot serve``: the club evening scored live, each table's record written as it is played.

A table's scorer enters the game on a phone (``pages.py``, ``static/``); every entry is judged
by the engine (``live.py`` asks ``engine.table.Table`` what the rules allow now, and
``validate`` what the record so far proves), written to the game's ``.block`` file and
flushed to disk before it is acknowledged (``store.py``, ``journal.py``), and pushed to the
director's page (``events.py``) with the evening's standings (``standings.py``).  The
Starlette application is ``app.py``, its guards (join code, cross-site requests, sizes and
rates) ``guard.py``.  It needs the ``serve`` extra: ``pip install 'blocknot[serve]'``.
"""
