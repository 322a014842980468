"""events.scoring"""
