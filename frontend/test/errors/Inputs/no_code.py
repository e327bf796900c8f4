# Garbled input for no_crash.py: no code at all.
