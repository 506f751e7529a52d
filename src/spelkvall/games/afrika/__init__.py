"""Afrikas stjärna: the race for the Star of Africa (``../shared/specs/afrikas-stjarna.md``)."""
