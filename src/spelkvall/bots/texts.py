"""The bots' entries in the translation table: how lobbies and tables name them."""

from spelkvall.core.i18n import register

register(
    {
        "bot.easy": ("Lätt", "Easy"),
        "bot.medium": ("Medel", "Medium"),
        "bot.hard": ("Svår", "Hard"),
        "bot.mcts": ("Trädsökning (MCTS)", "Tree search (MCTS)"),
        "bot.ismcts": (
            "Trädsökning med dolda kort (IS-MCTS)",
            "Tree search, hidden cards (IS-MCTS)",
        ),
    }
)
