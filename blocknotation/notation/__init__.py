"""Reading: bytes to text, text cut into games, lines read (fast reader, then grammar), records."""
