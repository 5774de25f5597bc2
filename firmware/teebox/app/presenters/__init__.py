"""How the table shows each game: one presenter per game, found by the game's registry
name (``teebox.core.games``) and imported only when that game is played.

The table (``app/table.py``) is the same for every game: buttons, card scans, the
setup, the journal hooks, bots for empty seats, the OLED. What a game looks like is
its presenter's: a class ``Presenter(table)`` in the module named here, with

* ``new_game(setup, seed, rng)``: the rules object for the setup's answers
  (``app/setup_flow.SetupFlow``), or None when a flow must come first (the presenter
  then returns that flow from ``flow(setup)``; ``new_game(setup, seed, rng, flow)``
  is called again once it is done);
* ``setup_note()``: what the setup's last check ("Start?") adds for this game (18
  Holes: how many club cards have a tag), "" for nothing;
* ``begin(game)``: the game is the table's now (clear the LEDs, draw its board);
  ``resumed()``: it was rebuilt from the journal (draw it as it stood);
* ``enter()``: a new decision is pending (``table.d``): fill the table's option list
  (``table.opts``, ``sel``, ``choice``, ``opt_seats``) and the LEDs;
* ``show()``: the OLED text and the LED-only prompt of the decision
  (``table.play_prompt``), returns the text;
* ``on_dir(d)``, ``on_more()``, ``on_ok()``, ``on_back()``, ``on_scan(seat, uid)``:
  the players' buttons and cards while playing;
* ``outputs(outs)``: animate what the rules say happened; ``tick(now)``: animations;
  ``busy_until()``: when the animation ends (bots wait for it), None if none;
* ``all_at_once()``: whether everyone chooses at once now (the buttons are not
  a bot's while it waits to choose);
* ``bot(seat)``: the choice of a bot at ``seat`` now, and ``bot_at_once(choice)``:
  whether it is taken at once instead of shown first;
* ``standings_line(row)``: one line of the final standings;
* ``act(seat, choice)``: take a bot's choice; ``leave()``: the game is left;
* ``board``: what the LEDs draw under the view (a Course, or the game's own layout).

Each game also has a host-side autoplay module beside its presenter (the presenter
module's name and ``_autoplay``; scripts and bots driving the table through its
buttons, ``app/script.Autoplayer``; never on a board, so no registry names it):

* ``lines(auto, table, seat, choice)``: the script lines (presses, ``auto.scan(club,
  seat)`` for a card) that make the table take ``choice`` for ``seat`` now;
* ``register(auto, flow)``: the lines for the flow the game asks for before it starts
  (``table.flow`` in the table's register phase);
* ``DEMOS``: ``((mode, players), ...)``, the games a virtual board's bots play in turn;
* optionally, for a game whose players hold tagged pieces the table cannot see
  (Domino Golf's real set): ``person(auto, table, seat)``, the choice a person makes
  with them now (None: the bot's; a person also does what needs hands at a table
  bot's turn), and ``in_hand(holder, table)``, ``(the TAG_SETS module, groups)``: the
  pieces as the players hold them, for the simulator's card key. Both keep those
  pieces in ``holder.pieces``.

A presenter may ask one of its game's options (``teebox.core.games``: ``OPTIONS``) its
own way at the table's setup: :data:`SETUP_OPTIONS` names the module (the presenter's
package, say: imported while its game is set up) whose ``SETUP_OPTIONS`` are ``((name,
title, values, default, words), ...)``, each in place of the
game's option of that name, ``words`` saying each value on the display (the value, and a
note on a line of its own): :func:`setup_options`.

A game played with tagged pieces names them in :data:`TAG_SETS`, so card learning
(``app/card_learning.py``) learns them without knowing the game. The module named there
has ``FILE`` (the store file of its tags, ``app/bindings.py``'s format), ``NOUN`` and
``KNOWN`` (how that file's problems name a piece and the set), ``DEMO_KIND`` (its
simulated tags: ``bindings.demo_uid``), ``pieces()`` (each with ``id``, ``name``,
``initiative`` (the LED-only count) and ``expansion``) and ``label(piece)`` (how the
display names one). The first set is the table's own cards (18 Holes' club cards), whose
tags the table keeps with the card data it reads (``app/table_cards.py``).
"""

import sys

PRESENTERS = (
    ("18-holes", "teebox.app.presenters.holes18.presenter"),
    ("play-nine", "teebox.app.presenters.playnine"),
    ("domino-golf", "teebox.app.presenters.dominogolf.presenter"),
)

# ``(game, module)`` of each game whose presenter asks options its own way at setup.
SETUP_OPTIONS = (
    ("18-holes", "teebox.app.presenters.holes18"),
)

# ``(title, module)`` of each set of tagged pieces, the table's own cards first (see above).
TAG_SETS = (
    ("Club cards", "teebox.app.presenters.holes18.tags"),
    ("Dominoes", "teebox.app.presenters.dominogolf.tags"),
)


def module_of(game):
    """The dotted name of the presenter module of game ``game`` (a registry name);
    ValueError naming the games this table can show if there is none."""
    for name, module in PRESENTERS:
        if name == game:
            return module
    raise ValueError("this table cannot show the game %r (it shows: %s)"
                     % (game, ", ".join([p[0] for p in PRESENTERS])))


def own_modules():
    """The dotted names of each presenter's own code: its module, or the package holding
    it (:func:`unload` lets go of them once the game is over)."""
    out = []
    for _name, module in PRESENTERS:
        parent = module[:module.rfind(".")]
        out.append(module if parent == __name__ else parent)
    return out


def _import(path):
    mod = __import__(path)
    for part in path.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def load(game):
    """The presenter class of game ``game`` (its module is imported on first use)."""
    return _import(module_of(game)).Presenter


def setup_options(game):
    """The options game ``game``'s presenter asks its own way at setup (its
    :data:`SETUP_OPTIONS` module's, see above; () for none)."""
    for name, module in SETUP_OPTIONS:
        if name == game:
            return _import(module).SETUP_OPTIONS
    return ()


def tag_set(module):
    """The module of a set of tagged pieces (a :data:`TAG_SETS` module), imported."""
    return _import(module)


def autoplay(game):
    """The autoplay module of game ``game`` (host-side: scripts and bots at the table)."""
    return _import(module_of(game) + "_autoplay")


def code_to_drop(keep):
    """What the board lets go of while game ``keep`` is played (None: between games):
    every other game's package and presenter, and the tools (``games.TOOLS``)."""
    from teebox.core import games
    drop = list(games.TOOLS)
    own = own_modules()
    for i in range(len(PRESENTERS)):
        if PRESENTERS[i][0] != keep:
            drop.append(own[i])
    for g in games.GAMES:
        if g.name != keep:
            drop.append(g.package)
    return drop


def unload(prefixes, keep=()):
    """Let go of the modules ``prefixes`` name and of every module under them, except
    those in ``keep``: out of ``sys.modules`` and their parent packages, so that once
    nothing else holds them the collector frees their code (MicroPython keeps every
    imported module for good; a board has room for the table shell and one game, not
    for every game played since power-on). Importing one again loads it afresh. Nothing
    may run the code of a module let go of: its names are gone."""
    loaded = sys.modules
    for name in list(loaded):
        if name in keep or not [p for p in prefixes if (name + ".").startswith(p + ".")]:
            continue
        # Emptied, and None before deleted: the collector is conservative (a stray word
        # that looks like a pointer to a module would keep all of a game's code), and
        # MicroPython's dicts keep a deleted entry's value in its slot.
        loaded[name].__dict__.clear()
        loaded[name] = None
        del loaded[name]
        cut = name.rfind(".")
        parent = loaded.get(name[:cut])
        if parent is not None and name[cut + 1:] in parent.__dict__:
            setattr(parent, name[cut + 1:], None)
            delattr(parent, name[cut + 1:])
