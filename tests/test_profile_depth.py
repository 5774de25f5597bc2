"""The host's profile check (``teebox deploy --profile FILE``) on a deeply nested file."""

import pytest

from teebox_host import deploy


def test_a_deeply_nested_profile_is_refused_with_a_clear_problem(tmp_path):
    """Issue 15: a deeply nested profile ended in a RecursionError traceback."""
    path = tmp_path / "deep.json"
    path.write_text('{"board": %s}' % ("[" * 100000 + "]" * 100000), encoding="utf-8")
    with pytest.raises(deploy.DeployError) as err:
        deploy.choose_profile(str(path))
    assert err.value.message.startswith("profile %s is not valid" % path)
    assert err.value.details == ["(file): lists [...] and objects {...} are nested more than "
                                 "16 deep inside one another; no Teebox file nests that deep "
                                 "(look for stray brackets)"]
