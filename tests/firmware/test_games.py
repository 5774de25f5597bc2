# The game registry: every game described, loaded by name, played through one face.
# Runs under CPython and inside MicroPython.
from fwtest import raises

from teebox.core import contract, games
from teebox.core.holes18 import modes
from teebox import shipped


def _steps_are_setup_fields(mod, setup):
    # Every setup step names something the game's setup holds.
    for step in mod.STEPS:
        assert step in ("course",) or hasattr(setup, step), step


def test_the_registry_lists_every_game_with_title_and_player_counts():
    assert games.names() == ("18-holes", "play-nine", "domino-golf")
    assert [(g.title, g.players) for g in games.GAMES] == [("18 Holes", (1, 5)),
                                                          ("Play Nine", (2, 5)),
                                                          ("Domino Golf", (2, 5))]
    assert "Teebox plays: 18-holes, play-nine, domino-golf" in raises(
        ValueError, games.get, "golf").args[0]


def test_play_nine_is_loaded_by_name_and_played_by_its_bots_to_the_end():
    entry = games.get("play-nine")
    mod = entry.load()
    lo, hi = entry.players
    assert mod.Setup(lo).players == lo and mod.Setup(hi).players == hi
    assert "2 to 5 players" in raises(ValueError, mod.Setup, hi + 1).args[0]
    setup = mod.Setup(3, seed=4, holes=1)
    _steps_are_setup_fields(mod, setup)
    assert mod.DATA_FILES == () and [o[0] for o in mod.OPTIONS] == ["holes", "playoff"]
    game = mod.new(setup)
    assert game.pending().kind != contract.GAME_OVER
    table = mod.play_game(game, [mod.bot(0), mod.random_bot(1), mod.bot(2)])
    assert game.over and game.pending().kind == contract.GAME_OVER and len(table) == 3
    assert "reads no data files" in raises(ValueError, mod.new, setup, {"course": 1}).args[0]


def test_domino_golf_is_loaded_by_name_and_played_by_its_bots_to_the_end():
    # "Domino Golf for 2-5 players"
    entry = games.get("domino-golf")
    mod = entry.load()
    assert entry.players == (2, 5) and mod.MODES == () and mod.DATA_FILES == ()
    assert "2 to 5 players" in raises(ValueError, mod.Setup, 6).args[0]
    assert [o[0] for o in mod.OPTIONS] == ["holes", "mulligan", "change_luck", "real_set"]
    setup = mod.Setup(3, seed=4, holes=3, mulligan=True, change_luck=True)
    _steps_are_setup_fields(mod, setup)
    for name, _title, values, default in mod.OPTIONS:
        assert default in values and getattr(mod.Setup(2), name) == default
    game = mod.new(setup)
    table = mod.play_game(game, [mod.bot(0), mod.random_bot(1), mod.bot(2)])
    assert game.over and game.pending().kind == contract.GAME_OVER and len(table) == 3
    assert "reads no data files" in raises(ValueError, mod.new, setup, {"course": 1}).args[0]
    assert raises(contract.IllegalMove, mod.new(setup).apply, (99,))


def test_18_holes_is_loaded_by_name_and_built_from_its_data():
    entry = games.get("18-holes")
    mod = games.load("18-holes")
    assert [m[0] for m in mod.MODES] == ["match", "stroke", "stableford", "chaos", "racing",
                                         "skins", "kelly", "teams",
                                         "solo-chaos"]
    assert mod.MODES[0][1] == "Match Play" and mod.MODES[3][2] == (3, 5)
    # The menu's facts are the ones the modes' own classes play by.
    for name, title, players in mod.MODES:
        rules = modes.make(name)
        assert (rules.name, rules.title, rules.players) == (name, title, players)
        assert rules.golfer_cards == modes.golfer_cards(name)
        assert rules.roams == modes.roams(name)
        assert (modes.title(name), modes.players(name)) == (title, players)
    setup = mod.Setup(2, "match", seed=3)
    _steps_are_setup_fields(mod, setup)
    data = {"course": shipped.load_builtin("starter"), "clubs": shipped.load_default_clubs(),
            "shots": shipped.load_default_shots()}
    game = mod.new(setup, data)
    assert game.state_digest() == mod.new(setup, data).state_digest()
    assert "needs data with its course, shots" in raises(
        ValueError, mod.new, setup, {"clubs": data["clubs"]}).args[0]
    assert mod.Setup(entry.players[1]).players == 5
    # One refusal class for every game: the table catches contract.IllegalMove.
    assert raises(contract.IllegalMove, game.apply, (99,), 0)
