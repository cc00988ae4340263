"""The games shipped with NavalGames; each registers a GameSpec through an entry point."""
