"""What an admin reads of a running bot: the one log format (`logs.py`: RIFTBOUND_LOG_LEVEL, RIFTBOUND_LOG_FORMAT) and
what is serving (`status.py`: the start's one line, `python -m bot status`)."""
