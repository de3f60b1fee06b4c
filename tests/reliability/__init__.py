"""Bad input, faults, concurrency, limits and secrets, across the bot."""
