"""What card text is made of, read alike in every layer (the engine, the deck check, the build, the search, the bot):
the six domains, reminder text, sentences, and the keywords the project knows. At the top of cardsdb: it imports
only the top modules."""
