"""A card's text read once into what the engine knows of it: sentences, keywords, choices and their
constraints, static abilities, additional costs; and what it does not read, with what that may bear on."""
