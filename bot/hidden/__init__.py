"""/hidden: hide, play, targets and scenario (`cog`, and the form `scenario` opens without text: `form`). The quick
questions' options as data and the position they make (`builder`), the engine's verdict as a reply (`answers`) and
as embeds, at a glance or in full (`render`). The engine decides; nothing here does."""
