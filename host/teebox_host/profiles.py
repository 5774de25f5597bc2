"""Which board profile ``--profile`` means: a profile of the repository by its name
(``hardware/profiles/NAME.json``), or a profile file by its path."""

from pathlib import Path

from teebox import profile as profile_mod


def names():
    """The names of the repository's profiles, sorted."""
    return sorted(p.stem for p in Path(profile_mod.profile_dir()).glob("*.json"))


def find(ref=None):
    """The file of profile ``ref``: a name of :func:`names`, else the path of a file
    (default: the default profile). ProfileError (its source ``ref``) saying which
    names there are when it is neither."""
    ref = ref or profile_mod.DEFAULT
    if ref in names():
        return Path(profile_mod.profile_dir()) / (ref + ".json")
    path = Path(ref).expanduser()
    if path.is_file():
        return path
    raise profile_mod.ProfileError(
        ["no profile named %s and no such file: give a name (%s) or the path of a "
         "profile .json file" % (ref, ", ".join(names()))], ref)


def load(ref=None):
    """The checked Profile ``ref`` names (:func:`find`); ProfileError lists every
    problem, also of a file that cannot be read."""
    path = find(ref)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise profile_mod.ProfileError(
            ["(file): cannot be read (%s)" % (getattr(exc, "strerror", None) or exc)],
            str(path)) from None
    return profile_mod.load(text, str(path))
