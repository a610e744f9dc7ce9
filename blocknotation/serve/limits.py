"""The bounds of ``blocknot serve``, documented in docs/serve.md ("Safe on a club's Wi-Fi").

They are far above what a club evening needs, and keep a phone gone wrong, or somebody on
the Wi-Fi who should not be, from filling the disk or the server's time.
"""

#: Bytes of a request's body; a larger one is refused (413) before it is read further.  An
#: entry takes about 200.
MAX_BODY_BYTES = 16 * 1024

#: Entries one game takes in a minute (a table enters a move every few seconds); more are
#: refused (429) until the minute has passed.
ENTRIES_PER_MINUTE = 120

#: Games made in a minute, by the whole room (a club of 40 tables starts 40 at once); more
#: are refused (429).
GAMES_PER_MINUTE = 100

#: Games the server keeps in one evening's folder; more are refused (429).
MAX_GAMES = 500

#: Wrong join codes one address may try in a minute; more are refused (429), whatever the
#: code, until the minute has passed.
JOIN_TRIES_PER_MINUTE = 10

#: Characters of a corrected line, and of the event's name.
MAX_CORRECTION = 300
MAX_EVENT = 100

#: Bytes of a game's record the server keeps writing to: a game of Block takes about 5,000.
MAX_RECORD_BYTES = 256 * 1024

#: Pages listening for updates at once (server-sent events); more are refused (503).
MAX_LISTENERS = 200

#: Seconds between two tallies of the director's page (its tables and the standings): the
#: page asks after every entry written, and is answered with the tally of the moment, made
#: at most this often.
DIRECTOR_EVERY = 0.5
