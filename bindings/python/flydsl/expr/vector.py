"""`fx.vector`: vector ops as functions, as the FlyDSL guide spells them (the methods of
fx.Vector values do the same)."""

from .typing import Vector, _dtype_name


def from_elements(vec_type, elements=None):
    """from_elements(dtype, [a, b, ...]) or from_elements([a, b, ...])."""
    if elements is None:
        return Vector.from_elements(vec_type)
    return Vector.from_elements(elements, vec_type)


def load(tensor, index, lanes, pred=None):
    return tensor.load(_index(index), pred=pred, lanes=lanes)


def store(vec, tensor, index, pred=None):
    tensor.store(_index(index), vec, pred)


def extractelement(vec, index):
    return vec[index]


def insertelement(vec, element, index):
    return vec.insert(element, index)


def bitcast(vec, dtype):
    return vec.bitcast(_dtype_name(dtype))


def _index(index):
    return tuple(index) if isinstance(index, (list, tuple)) else index
