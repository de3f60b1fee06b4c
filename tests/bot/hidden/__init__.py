"""Tests of /hidden."""
