"""In memory: what matches what a player typed. Card names (exact, fuzzy, by initials, as they begin), the card
search syntax and the index it runs over, and words ranked as a question against the rules and rulings. Each index is
read once from the database (the query layer hands it a row reader) and then answers without SQL."""
