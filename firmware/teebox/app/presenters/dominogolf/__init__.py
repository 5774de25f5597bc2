"""Domino Golf on the table: its presenter (``presenter.py``), the tags of a real
domino set (``tags.py``) and, host-side, its autoplay (``presenter_autoplay.py``)."""
