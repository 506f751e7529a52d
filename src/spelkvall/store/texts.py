"""The storage layer's entries in the translation table (Swedish, English)."""

from spelkvall.core.i18n import register

register(
    {
        "store.error.bad_url": (
            "Databasadressen går inte att förstå: {why}",
            "The database URL cannot be understood: {why}",
        ),
        "store.error.unreachable": (
            "Databasen {where} går inte att nå: {why}",
            "The database {where} cannot be reached: {why}",
        ),
        "store.error.migrate": (
            "Databasen {where} kunde inte uppdateras: {why}",
            "The database {where} could not be upgraded: {why}",
        ),
        "store.error.in_use": (
            "Databasen {where} används redan av en annan spelkvall serve, som ensam skriver "
            "i den. Stoppa den först, eller ge den här en egen databas.",
            "The database {where} is already used by another spelkvall serve, which writes "
            "it alone. Stop that one first, or give this one a database of its own.",
        ),
    }
)
