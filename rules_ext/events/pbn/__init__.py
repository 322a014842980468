"""events.pbn"""
