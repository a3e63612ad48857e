"""Test helper: a kernel-library call on bad input is refused and writes nothing."""

import flydsl
import numpy as np
import pytest


def assert_refused_untouched(fn, call, message):
    """fn(**call) raises InvalidArgumentError matching `message`, and every numpy array among
    the arguments (the outputs too) holds what it held before."""
    before = {n: t.copy() for n, t in call.items() if isinstance(t, np.ndarray)}
    with pytest.raises(flydsl.InvalidArgumentError, match=message):
        fn(**call)
    for name, t in call.items():
        if isinstance(t, np.ndarray):
            np.testing.assert_array_equal(t, before[name], err_msg=name)
