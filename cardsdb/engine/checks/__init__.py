"""The questions answered: hiding, playing from facedown or from hand (timing, costs, effects, the honest
boundary), several facedown copies, the cleanup."""
