"""events.usebio"""
