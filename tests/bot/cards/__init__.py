"""Tests of /card, /search and [[card]]."""
