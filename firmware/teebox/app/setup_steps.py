"""The game chosen at setup and the steps it asks for: the setup steps' numbers, and
:class:`GameSteps`, the part of :class:`~teebox.app.setup_flow.SetupFlow` that walks
the chosen game's ``STEPS`` (its mode, course, players and options, each as the game's
presenter asks it at a table: ``presenters.setup_options``) and says the answers back at
the last check."""

from teebox.app import presenters
from teebox.app.prompt import step_index
from teebox.core import games as games_mod

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# Setup steps; their numbers are the LED-only question codes (lit cells on the top edge).
S_START = const(0)
S_MODE = const(1)
S_COURSE = const(2)
S_PLAYERS = const(3)
S_SEATS = const(4)
S_CONFIRM = const(6)  # (no step is 5: a game's own steps are its options, S_OPTION)
# Which players are bots: a side step, reached by holding OK at S_PLAYERS (so pressing OK
# through the setup never meets it); OK goes on to S_SEATS, BACK back to S_PLAYERS.
S_BOTS = const(7)
S_GAME = const(8)      # which game (only when more than one is installed)
S_OPTION = const(9)    # a game's option (Play Nine: holes, playoff): S_OPTION + its index

DEFAULT_COURSE = "starter"
NONE = "none"  # an option's value that the last check leaves unsaid (no golfer cards)


value_text = games_mod.value_text  # an option's value as the display shows it


def _words(opt, at):
    """Value ``at`` of option ``opt`` as the display says it: the presenter's words for
    it (a value and a note, a line each), else :func:`value_text`."""
    return opt[4][at] if len(opt) > 4 else value_text(opt[2][at])


def players_text(lo, hi):
    """How many play, as a player reads it: ``"2-5 players"``, ``"2 players"`` (Chaos
    Teams: exactly two), ``"1 player"`` (Solo Chaos Golf), never ``"2-2 players"``."""
    if lo == hi:
        return "%d player%s" % (lo, "" if lo == 1 else "s")
    return "%d-%d players" % (lo, hi)


class GameSteps:
    """The game and its answers, for :class:`~teebox.app.setup_flow.SetupFlow`: the
    game (``games``, the registry's entries; its module imported once it is chosen),
    its mode, the course (``course_names``, the board's), the number of players and the
    game's own options (:meth:`options`), in the order its ``STEPS`` name them."""

    def _init_steps(self, course_names, games):
        # (called by SetupFlow.__init__)
        if not course_names:
            raise ValueError("the board holds no course: deploy the firmware with its courses")
        self.course_names = tuple(course_names)
        self.games = tuple(games) if games is not None else games_mod.GAMES
        self.game_index = 0
        self._module = None      # the chosen game's module, loaded when its steps are asked
        self._answers_of = None  # the game whose answers outlived its module (let_go)
        self._steps = None
        self._options = None     # the chosen game's options as the table asks them
        self.option_index = []   # per option of the chosen game: the value chosen
        self.mode_index = 0
        self.course_index = 0
        for i in range(len(self.course_names)):
            if self.course_names[i] == DEFAULT_COURSE:
                self.course_index = i
        self.title_of = None     # the table's course name -> what the display calls it
        self.players = 2

    @property
    def game(self):
        """The chosen game's registry name."""
        return self.games[self.game_index].name

    def module(self):
        """The chosen game's module (``teebox.core.games``), imported on first use."""
        if self._module is None:
            self._module = self.games[self.game_index].load()
            self._steps = None
            self._options = None
            if self._answers_of != self.game_index:
                self.option_index = [list(o[2]).index(o[3]) for o in self.options()]
            self._answers_of = None
        return self._module

    def options(self):
        """The chosen game's options as the table asks them: its ``OPTIONS``, each one its
        presenter asks its own way (``presenters.setup_options``: other values, and the
        display's words for each) in its place."""
        mod = self.module()  # (loading a game forgets the options of the one before)
        if self._options is None:
            own = presenters.setup_options(self.games[self.game_index].name)
            out = []
            for opt in mod.OPTIONS:
                for mine in own:
                    if mine[0] == opt[0]:
                        opt = mine
                out.append(opt)
            self._options = tuple(out)
        return self._options

    def let_go(self):
        """Drop the chosen game's module (the table lets go of a game's code between
        games): it is imported again when next asked for, the answers kept."""
        if self._module is not None:
            self._module = None
            self._steps = None
            self._options = None
            self._answers_of = self.game_index

    def steps(self):
        """The steps asked for the chosen game and mode, start menu and start included."""
        if self._steps is None:
            mod = self.module()
            out = [S_START]
            if len(self.games) > 1:
                out.append(S_GAME)
            names = [o[0] for o in self.options()]
            skipped = mod.skipped(self.mode)
            for name in mod.STEPS:
                if name in skipped:
                    continue
                if name == "mode":
                    if mod.MODES:
                        out.append(S_MODE)
                elif name == "course":
                    out.append(S_COURSE)
                elif name == "players":
                    out.append(S_PLAYERS)
                    out.append(S_SEATS)
                else:
                    out.append(S_OPTION + names.index(name))
            out.append(S_CONFIRM)
            self._steps = out
        return self._steps

    def _step_after(self, st):
        # The step after ``st``. From the start menu to the game step nothing of a game
        # is loaded: only the game the players choose is, once they choose it.
        if st == S_START and len(self.games) > 1:
            return S_GAME
        steps = self.steps()
        return steps[steps.index(st) + 1]

    def _step_before(self, st):
        # The step before ``st`` (the game step goes back to the start menu).
        if st == S_GAME:
            return S_START
        steps = self.steps()
        return steps[steps.index(st) - 1]

    def option(self, name):
        """The value chosen for the game's option ``name``."""
        opts = self.options()
        for i in range(len(opts)):
            if opts[i][0] == name:
                return opts[i][2][self.option_index[i]]
        raise ValueError("%s has no option %r" % (self.games[self.game_index].title, name))

    def _default(self, name):
        # The default value of the game's option ``name``.
        return self._option_of(name)[3]

    def _option_of(self, name):
        # The game's option ``name``, as the table asks it.
        for o in self.options():
            if o[0] == name:
                return o
        raise ValueError("%s has no option %r" % (self.games[self.game_index].title, name))

    @property
    def mode(self):
        """The chosen mode's name ("" for a game with one way to play)."""
        modes = self.module().MODES
        return modes[self.mode_index][0] if modes else ""

    @property
    def course(self):
        """The chosen (or looked-at) course's name."""
        return self.course_names[self.course_index]

    def player_range(self):
        """Fewest and most players of the chosen game and mode (no more than the
        readers, when each seat has its own)."""
        modes = self.module().MODES
        lo, hi = modes[self.mode_index][2] if modes else self.games[self.game_index].players
        if self.reader_seats:
            hi = max(lo, min(hi, len(self.reader_seats)))
        return lo, hi

    def course_title(self):
        """The chosen (or looked-at) course as the display names it: ``title_of(name)``
        when the table gives one (a kept new course by its own name, not its hash)."""
        return self.title_of(self.course) if self.title_of is not None else self.course

    def set_courses(self, course_names):
        """Take a new list of the board's courses (one was pushed or deleted over the
        link): the course chosen stays chosen while it is still there."""
        if not course_names:
            return  # the built-ins cannot all go: keep what is shown
        chosen = self.course
        self.course_names = tuple(course_names)
        self.course_index = 0
        for i in range(len(self.course_names)):
            if self.course_names[i] == chosen or (self.course_names[i] == DEFAULT_COURSE
                                                  and chosen not in self.course_names):
                self.course_index = i
        self._show()

    def choose_course(self, name):
        """Go on to the first step of a game played on courses (18 Holes' mode) with
        course ``name`` chosen (a new course just kept)."""
        for i in range(len(self.course_names)):
            if self.course_names[i] == name:
                self.course_index = i
        i = 0
        while "course" not in self.module().STEPS and i < len(self.games):
            self.game_index = i
            self._module = None
            i += 1
        steps = self.steps()
        self.step = steps[2 if len(self.games) > 1 else 1]
        self._show()

    def _fit_players(self):
        lo, hi = self.player_range()
        self.players = max(lo, min(hi, self.players))
        self._keep_a_person()

    # ------------------------------------------------------------ buttons and prompt

    def _step_dir(self, st, d):
        # A direction button at one of the game's steps: False if ``st`` is not one.
        if st == S_GAME:
            self.game_index = step_index(self.game_index, len(self.games), d)
            self._module = None
            self.mode_index = 0
        elif st == S_MODE:
            self.mode_index = step_index(self.mode_index, len(self.module().MODES), d)
            self._steps = None  # (a mode may skip a step)
            self._fit_players()
            self._drop_refused()
        elif st >= S_OPTION:
            i = st - S_OPTION
            values = self.options()[i][2]
            at = step_index(self.option_index[i], len(values), d)
            while self._mode_refuses(i, at):  # (the default is never refused: this ends)
                at = step_index(at, len(values), d)
            self.option_index[i] = at
        elif st == S_COURSE:
            self.course_index = step_index(self.course_index, len(self.course_names), d)
        elif st == S_PLAYERS:
            lo, hi = self.player_range()
            self.players = lo + step_index(self.players - lo, hi - lo + 1, d)
            self._keep_a_person()
        else:
            return False
        return True

    def _mode_refuses(self, i, at):
        # Whether the chosen mode refuses value ``at`` of option ``i`` (Reading the
        # Greens where the rules do not play it): the game module's ``refused`` says,
        # when it has one (a game whose every mode plays every value has none).
        refused = getattr(self.module(), "refused", None)
        opt = self.options()[i]
        return refused is not None and refused(self.mode, opt[0], opt[2][at]) is not None

    def _drop_refused(self):
        # Another mode chosen: an option's value it refuses goes back to the default.
        opts = self.options()
        for i in range(len(opts)):
            if self._mode_refuses(i, self.option_index[i]):
                self.option_index[i] = list(opts[i][2]).index(opts[i][3])

    def _number(self, st):
        # A step's number on the display: its place among the chosen game's steps.
        steps = self.steps()
        return steps.index(S_PLAYERS if st == S_BOTS else st) - (1 if S_GAME in steps else 0)

    def _show_game(self):
        # The game step (the game is loaded once chosen, not while looked at).
        g = self.games[self.game_index]
        self.prompt.set("Game\n> %s\n%s\n\n</>: other\nOK: next  BACK"
                        % (g.title, players_text(g.players[0], g.players[1])), S_GAME, -1,
                        len(self.games), self.game_index)

    def _show_step(self, st, n):
        # The prompt of one of the game's steps (number ``n``): False if ``st`` is not one.
        p = self.prompt
        mod = self.module()
        if st == S_MODE:
            lo, hi = self.player_range()
            p.set("%d Game mode\n> %s\n%s\n\n</>: other\nOK: next  BACK"
                  % (n, mod.MODES[self.mode_index][1], players_text(lo, hi)),
                  st, -1, len(mod.MODES), self.mode_index)
        elif st == S_COURSE:
            p.set("%d Course\n> %s\n(shown on table)\n\n</>: other\nOK: next  BACK"
                  % (n, self.course_title()), st, -1, len(self.course_names),
                  self.course_index)
        elif st == S_PLAYERS:
            lo, hi = self.player_range()
            p.set("%d Players\n> %s\n(%s: %s)\n</>: fewer/more\nHold OK: bots\n"
                  "OK: next  BACK" % (n, players_text(self.players, self.players),
                                      self._way_title(),
                                      "%d only" % lo if lo == hi else "%d-%d" % (lo, hi)),
                  st, -1, 0, -1, bytes(range(self.players)))
        elif st >= S_OPTION:
            i = st - S_OPTION
            opt = self.options()[i]
            at = self.option_index[i]
            # The strip has a cell per value the mode plays (none for those it refuses).
            offered = [v for v in range(len(opt[2])) if not self._mode_refuses(i, v)]
            p.set("%d %s\n> %s\n\n</>: other\nOK: next  BACK"
                  % (n, opt[1], _words(opt, at)),
                  st, -1, len(offered), offered.index(at))
        else:
            return False
        return True

    def _way_title(self):
        # The chosen mode's title, or the game's when it has one way to play.
        modes = self.module().MODES
        return modes[self.mode_index][1] if modes else self.games[self.game_index].title

    def _answers(self):
        # The answers, one line each, for the last check before the game starts.
        mod = self.module()
        out = [self._way_title()]
        bots = self.bots()
        skipped = mod.skipped(self.mode)
        for step in mod.STEPS:
            if step in skipped:
                continue
            if step == "course":
                out.append(self.course_title())
            elif step == "players":
                out.append("%d players%s" % (self.players, (" %d bot%s" % (
                    bots, "s" if bots > 1 else "")) if bots else ""))
            elif step == "mode":
                continue
            elif len(self._option_of(step)) > 4:
                # (an option the presenter words: said in its words, chosen or not)
                opt = self._option_of(step)
                out.append(_words(opt, list(opt[2]).index(self.option(step))).split("\n")[0])
            elif self.option(step) not in (NONE, self._default(step)):
                # (none, or an option left as it was, is not repeated: the display has
                # eight lines; the option's name: "change_luck" reads "Change luck")
                out.append("%s%s: %s" % (step[0].upper(), step[1:].replace("_", " "),
                                         value_text(self.option(step))))
        return out
