"""Rules: /rule, /changes, /ruling and /keyword (`cog`), from a number or words to the reply (`answers`), and rules,
rulings, keywords (`render`) and what changed between rules versions (`changes`) as embeds."""
