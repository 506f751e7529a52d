"""Spelkväll for researchers: every registered game in the frameworks researchers use.

``spelkvall.research.pettingzoo`` makes each game a PettingZoo AEC environment. These modules
need the optional ``research`` extra (``pip install 'spelkvall[research]'``); nothing else in
Spelkväll imports them, so the default install runs without it.
"""
