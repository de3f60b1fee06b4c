"""Tests of /rule, /changes, /ruling and /keyword."""
